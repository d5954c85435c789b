import { AnonymousCredential, BlockBlobClient, newPipeline } from '@azure/storage-blob';
import type { BlockTarget } from './block-upload';

// The SDK's browser build behind the BlockTarget the upload needs. Loaded with a dynamic
// import when an upload starts, so neither the first visit nor the dashboard carries it.
//
// The SDK's own retries are off (maxTries 1): block-upload.ts retries with its own back-off,
// renews the SAS on a 403 and pauses when the network is gone, which the SDK's policy would
// hide behind minutes of silent waiting.

const pipeline = newPipeline(new AnonymousCredential(), { retryOptions: { maxTries: 1 } });

/** A BlockTarget over one blob's SAS URL (the server's, capsules.upload.start / renew). */
export function createAzureBlockTarget(sasUrl: string): BlockTarget {
  const client = new BlockBlobClient(sasUrl, pipeline);
  return {
    async stageBlock(id, body, size, { abortSignal, onProgress }) {
      await client.stageBlock(id, body, size, {
        abortSignal,
        onProgress: (event) => onProgress(event.loadedBytes),
      });
    },
    async commitBlockList(ids, { abortSignal, contentType }) {
      await client.commitBlockList(ids, { abortSignal, blobHTTPHeaders: { blobContentType: contentType } });
    },
  };
}
