// The document's one request to blob storage: a single Put Blob (a document is at most 12 MB,
// so it needs no blocks), with the header that makes it a block blob (spec section 7).

/** Storage refused the file: `text` is what it said, for 'Upload failed: {response text}'. */
export class StorageRefusal extends Error {
  constructor(readonly text: string) {
    super(text);
    this.name = 'StorageRefusal';
  }
}

/**
 * The words of a refusal from storage. Azure answers an XML error document; its Message
 * (first line: the rest is a request id and a time) says more to a person than the markup.
 * Anything else is shown as sent, else the status line.
 */
export function storageErrorText(status: number, statusText: string, body: string): string {
  const message = /<Message>([\s\S]*?)<\/Message>/i.exec(body)?.[1]?.split('\n')[0]?.trim();
  if (message) return message;
  const text = body.trim();
  if (text && !text.startsWith('<')) return text.slice(0, 300);
  return `${status}${statusText ? ` ${statusText}` : ''}`;
}

/** PUTs the file to the write-only SAS URL; throws StorageRefusal on a non-OK answer. */
export async function putDocument(sasUrl: string, file: File, signal?: AbortSignal): Promise<void> {
  const response = await fetch(sasUrl, {
    method: 'PUT',
    headers: {
      'x-ms-blob-type': 'BlockBlob',
      'Content-Type': file.type || 'application/octet-stream',
    },
    body: file,
    signal,
  });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new StorageRefusal(storageErrorText(response.status, response.statusText, body));
  }
}
