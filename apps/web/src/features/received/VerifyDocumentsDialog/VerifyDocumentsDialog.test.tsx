import { DOCUMENT_UPLOAD_TEXTS as T } from '@capsule/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../test/fixtures';
import { makeReceived, PAGE_LOAD, receivedHandlers } from '../../../test/received-fixtures';
import { renderApp } from '../../../test/render';
import { type Call, deferred, serverError } from '../../../test/trpc-mock';
import { DOCUMENT_DO_NOT_CLOSE } from './VerifyDocumentsDialog';

const SAS = 'https://storage.test/docs/blob-1?sig=write';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const png = (name = 'diploma.png') => new File([PNG], name, { type: 'image/png' });
const callsTo = (calls: Call[], path: string) => calls.filter((call) => call.path === path);

async function openDialog(overrides = {}) {
  const capsule = makeReceived({
    title: 'Needs proof',
    criteria: 'Premium_Verification',
    documentStatus: null,
  });
  const result = renderApp({
    route: '/received-capsules',
    handlers: {
      ...signedIn(),
      ...receivedHandlers([capsule], {
        'receivedCapsules.document.start': () => ({
          sasUrl: SAS,
          blobName: 'blob-1',
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
        }),
        'receivedCapsules.document.complete': () => ({ ...capsule, documentStatus: 'Submitted' }),
        ...overrides,
      }),
    },
  });
  const card = await screen.findByRole('article', {}, PAGE_LOAD);
  await result.user.click(within(card).getByRole('button', { name: 'Submit Documents' }));
  const dialog = await screen.findByRole('dialog', { name: T.dialogTitle }, { timeout: 2000 });
  const input = within(dialog).getByLabelText('Document file') as HTMLInputElement;
  const upload = () => within(dialog).getByRole('button', { name: T.upload });
  return { ...result, capsule, dialog, input, upload };
}

/** Picks a file through the hidden input as the browser would, whatever its type. */
function pick(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  fireEvent.change(input);
}

function drop(area: HTMLElement, file: File) {
  fireEvent.drop(area, { dataTransfer: { files: [file], types: ['Files'] } });
}

describe('Verify Milestone Documents', { timeout: 20_000 }, () => {
  it('waits for a file and the terms box before Upload, shows the name and size in MB, and Remove', async () => {
    const { dialog, input, upload, user } = await openDialog();
    expect(upload().hasAttribute('disabled')).toBe(true);
    const terms = within(dialog).getByRole('link', { name: 'Terms and Conditions' });
    expect(terms.getAttribute('href')).toMatch(/^https:\/\/legacycapsule\.com\//);
    expect(terms.getAttribute('target')).toBe('_blank');

    const big = png('certificate.png');
    Object.defineProperty(big, 'size', { value: 2.5 * 1024 * 1024 });
    pick(input, big);
    expect(within(dialog).getByTestId('document-name').textContent).toBe('certificate.png');
    expect(within(dialog).getByTestId('document-size').textContent).toBe('2.50 MB');
    expect(upload().hasAttribute('disabled')).toBe(true);

    await user.click(within(dialog).getByRole('checkbox', { name: T.termsLabel }));
    expect(upload().hasAttribute('disabled')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: T.remove }));
    expect(within(dialog).queryByTestId('document-name')).toBeNull();
    expect(upload().hasAttribute('disabled')).toBe(true);
  });

  it("refuses what is not a PNG, JPEG or WEBP with the spec's texts, picked or dropped", async () => {
    const { dialog, input } = await openDialog();
    pick(input, new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(T.invalidTypeTitle)).toBeTruthy();
    expect(screen.getByText('Please select a valid image file (PNG, JPG, JPEG, etc.)')).toBeTruthy();
    expect(within(dialog).queryByTestId('document-name')).toBeNull();

    drop(
      within(dialog).getByTestId('document-drop-area'),
      new File(['GIF89a'], 'a.gif', { type: 'image/gif' }),
    );
    expect(
      await screen.findByText('Please select a valid image file (PNG, JPG, JPEG, WEBP only).'),
    ).toBeTruthy();
    expect(within(dialog).queryByTestId('document-name')).toBeNull();
  });

  it("refuses an image over 12 MB: 'File too large'", async () => {
    const { dialog, input } = await openDialog();
    const huge = png('huge.png');
    Object.defineProperty(huge, 'size', { value: 12 * 1024 * 1024 + 1 });
    pick(input, huge);
    expect(await screen.findByText(T.tooLargeTitle)).toBeTruthy();
    expect(screen.getByText('Please select an image under 12 MB.')).toBeTruthy();
    expect(within(dialog).queryByTestId('document-name')).toBeNull();
  });

  it('asks for an upload slot, PUTs the image to storage as a block blob, completes, toasts and refreshes', async () => {
    const put = deferred<Response>();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => put.promise);
    const { dialog, upload, user, calls, capsule } = await openDialog();
    const file = png();
    drop(within(dialog).getByTestId('document-drop-area'), file);
    await user.click(within(dialog).getByRole('checkbox', { name: T.termsLabel }));
    const listsBefore = callsTo(calls, 'receivedCapsules.list').length;
    await user.click(upload());

    const busy = await within(dialog).findByRole('button', { name: T.uploading });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText(DOCUMENT_DO_NOT_CLOSE)).toBeTruthy();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, 'receivedCapsules.document.start').map((c) => c.input)).toEqual([
      { capsuleId: capsule.id, fileName: 'diploma.png', contentType: 'image/png', size: PNG.byteLength },
    ]);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe(SAS);
    expect(init?.method).toBe('PUT');
    expect(init?.headers).toMatchObject({ 'x-ms-blob-type': 'BlockBlob', 'Content-Type': 'image/png' });
    expect(init?.body).toBe(file);
    expect(callsTo(calls, 'receivedCapsules.document.complete')).toHaveLength(0);

    put.resolve(new Response(null, { status: 201 }));
    expect(await screen.findByText(T.success)).toBeTruthy();
    expect(callsTo(calls, 'receivedCapsules.document.complete').map((c) => c.input)).toEqual([
      { capsuleId: capsule.id, blobName: 'blob-1' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.dialogTitle })).toBeNull());
    await waitFor(() => expect(callsTo(calls, 'receivedCapsules.list').length).toBeGreaterThan(listsBefore));
  });

  it("says 'Upload failed: {response text}' when storage refuses the file, and completes nothing", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        '<?xml version="1.0"?><Error><Code>AuthenticationFailed</Code><Message>Signature not valid in the specified time frame.\nRequestId:1</Message></Error>',
        { status: 403 },
      ),
    );
    const { dialog, input, upload, user, calls } = await openDialog();
    pick(input, png());
    await user.click(within(dialog).getByRole('checkbox', { name: T.termsLabel }));
    await user.click(upload());
    expect(
      await screen.findByText('Upload failed: Signature not valid in the specified time frame.'),
    ).toBeTruthy();
    expect(callsTo(calls, 'receivedCapsules.document.complete')).toHaveLength(0);
    // The dialog stays, with the file, to try again.
    expect(within(dialog).getByTestId('document-name').textContent).toBe('diploma.png');
    expect(upload().hasAttribute('disabled')).toBe(false);
  });

  it("shows the server's refusal of what arrived (e.g. a renamed text file)", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 201 }));
    const { dialog, input, upload, user } = await openDialog({
      'receivedCapsules.document.complete': () => {
        throw serverError(
          400,
          'Invalid file type: Please select a valid image file (PNG, JPG, JPEG, WEBP only).',
        );
      },
    });
    pick(input, png('renamed.png'));
    await user.click(within(dialog).getByRole('checkbox', { name: T.termsLabel }));
    await user.click(upload());
    expect(
      await screen.findByText(
        'Upload failed: Invalid file type: Please select a valid image file (PNG, JPG, JPEG, WEBP only).',
      ),
    ).toBeTruthy();
  });
});
