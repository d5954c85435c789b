import { CAPSULE_UPLOAD_TEXTS as T } from '@capsule/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardHandlers, makeCapsule, PAGE_LOAD, storedCapsule } from '../../../test/capsule-fixtures';
import { signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { type Call, type Handlers, networkError, serverError } from '../../../test/trpc-mock';
import type { Capsule } from '../capsule-display';
import { blockId } from './block-plan';
import { connectionLost, FakeStorage, grant, storageError } from './fake-block-target';

// Storage and the browser's metadata read are the two things happy-dom cannot do: the SDK
// adapter is replaced by the fake storage, the <video> read by a duration the test sets.
const h = vi.hoisted(() => ({
  storage: null as FakeStorage | null,
  duration: vi.fn<(url: string) => Promise<number>>(),
}));
vi.mock('./azure-block-target', () => ({
  createAzureBlockTarget: (url: string) => (h.storage as FakeStorage).target(url),
}));
vi.mock('./video-metadata', () => ({ readVideoDuration: (url: string) => h.duration(url) }));

const MB = 1024 * 1024;
const CONTENT = 'abcdefghijklmnopqrst'; // 20 bytes: with 8-byte blocks, 8 + 8 + 4
const video = (name = 'clip.mp4', content = CONTENT, type = 'video/mp4') =>
  new File([content], name, { type });
const withSize = (file: File, size: number) => Object.defineProperty(file, 'size', { value: size });
const inAnHour = () => new Date(Date.now() + 3_600_000).getTime();

const callsTo = (calls: Call[], path: string) => calls.filter((call) => call.path === path);

const pendingUpload = (overrides: Partial<Capsule> = {}) =>
  makeCapsule({
    status: 'Pending_Upload',
    title: 'For Grace',
    contactId: '00000000-0000-4000-9000-000000000001',
    recipientName: 'Grace Hopper',
    recipientEmail: 'grace@example.com',
    ...overrides,
  });

function uploadHandlers(capsule: Capsule, overrides: Handlers = {}): Handlers {
  return {
    'capsules.upload.open': () => null,
    'capsules.upload.start': () => ({
      uploadId: 'upload-1',
      ...grant(1, inAnHour()),
      blockSize: 8,
      stagedBlocks: [],
      resumed: false,
    }),
    'capsules.upload.renew': () => grant(2, inAnHour()),
    'capsules.upload.complete': () => ({
      ...capsule,
      status: 'Reviewing',
      uploadDate: new Date().toISOString(),
    }),
    'capsules.upload.cancel': () => capsule,
    ...overrides,
  };
}

async function openUpload(capsule: Capsule, overrides: Handlers = {}, how: 'click' | 'reupload' = 'click') {
  const result = renderApp({
    route: '/dashboard',
    handlers: { ...signedIn(), ...dashboardHandlers([capsule], uploadHandlers(capsule, overrides)) },
  });
  await screen.findByRole('article', { name: capsule.title }, PAGE_LOAD);
  if (how === 'click') {
    await result.user.click(screen.getByRole('button', { name: capsule.title }));
  } else {
    await result.user.click(screen.getByRole('button', { name: 'Capsule options' }));
    await result.user.click(await screen.findByRole('menuitem', { name: 'Reupload Video' }));
  }
  const title = `${how === 'reupload' ? 'Replace Video' : 'Upload Video'} for Grace Hopper`;
  const dialog = await screen.findByRole('dialog', { name: title }, PAGE_LOAD);
  return { ...result, dialog: within(dialog) };
}

type Dialog = Awaited<ReturnType<typeof openUpload>>['dialog'];

const pick = (dialog: Dialog, file: File) =>
  fireEvent.change(dialog.getByLabelText('Video file'), { target: { files: [file] } });
const drop = (dialog: Dialog, file: File) =>
  fireEvent.drop(dialog.getByTestId('video-drop-area'), {
    dataTransfer: { files: [file], types: ['Files'] },
  });

async function chooseAndConfirm(
  dialog: Dialog,
  user: Awaited<ReturnType<typeof openUpload>>['user'],
  file = video(),
) {
  pick(dialog, file);
  await dialog.findByTestId('video-preview');
  await user.click(dialog.getByRole('checkbox', { name: T.confirmLabel }));
}

const expectToast = async (title: string, description?: string) => {
  expect(await screen.findByText(title)).toBeTruthy();
  // A toast on its way out may still show the same description beside the new one.
  if (description) expect(screen.getAllByText(description).length).toBeGreaterThan(0);
};

beforeEach(() => {
  h.storage = new FakeStorage();
  h.duration.mockReset();
  h.duration.mockResolvedValue(42);
});

describe('Upload Video dialog', { timeout: 30_000 }, () => {
  it('names the recipient, starts with notify on At Lock, and enables Upload only with a file and the box ticked', async () => {
    const { dialog, user } = await openUpload(pendingUpload());
    const upload = dialog.getByRole('button', { name: T.upload }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    expect((dialog.getByRole('checkbox', { name: /Notify Recipient/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((dialog.getByRole('radio', { name: T.atLock }) as HTMLInputElement).checked).toBe(true);

    await user.click(dialog.getByRole('checkbox', { name: T.confirmLabel }));
    expect(upload.disabled).toBe(true);
    pick(dialog, video());
    const preview = await dialog.findByTestId('video-preview');
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(dialog.getByText(/clip\.mp4/)).toBeTruthy();
    expect(upload.disabled).toBe(false);

    await user.click(dialog.getByRole('button', { name: T.remove }));
    expect(dialog.queryByTestId('video-preview')).toBeNull();
    expect(upload.disabled).toBe(true);
  });

  it("refuses what is not a video: 'Invalid file type'", async () => {
    const { dialog } = await openUpload(pendingUpload());
    drop(dialog, video('notes.txt', 'hello', 'text/plain'));
    await expectToast(T.invalidTypeTitle, T.invalidTypeBody);
    expect(dialog.getByRole('alert').textContent).toContain(T.invalidTypeBody);
    expect(h.duration).not.toHaveBeenCalled();
  });

  it("refuses 2000 MB: 'File too large' on drop, 'Video too large' on pick", async () => {
    const { dialog } = await openUpload(pendingUpload());
    drop(dialog, withSize(video(), 2000 * MB));
    await expectToast(T.fileTooLargeTitle, T.tooLargeBody);
    pick(dialog, withSize(video(), 2000 * MB));
    await expectToast(T.tooLargeTitle, T.tooLargeBody);
    expect(h.duration).not.toHaveBeenCalled();
  });

  it("refuses a video longer than the capsule: 'Video too long: Please upload a video shorter than 5 minutes.'", async () => {
    h.duration.mockResolvedValue(301);
    const { dialog } = await openUpload(pendingUpload());
    pick(dialog, video());
    await expectToast(T.tooLongTitle, 'Please upload a video shorter than 5 minutes.');
    expect(dialog.queryByTestId('video-preview')).toBeNull();
  });

  it("says 'Error reading video: Unable to read video metadata.' when the browser cannot read it", async () => {
    h.duration.mockRejectedValue(new Error('unreadable'));
    const { dialog } = await openUpload(pendingUpload());
    drop(dialog, video());
    await expectToast(T.metadataTitle, T.metadataBody);
  });

  it("says 'No file selected' when the picker comes back empty", async () => {
    const { dialog } = await openUpload(pendingUpload());
    fireEvent.change(dialog.getByLabelText('Video file'), { target: { files: [] } });
    await expectToast(T.noFileTitle, T.noFileBody);
  });

  it("uploads in blocks straight to storage, commits, completes, toasts 'Upload successful' and refreshes", async () => {
    const capsule = pendingUpload();
    const { dialog, user, calls } = await openUpload(capsule);
    await waitFor(() => expect(callsTo(calls, 'capsules.counts')).toHaveLength(1));
    await chooseAndConfirm(dialog, user);
    await user.click(dialog.getByRole('button', { name: T.upload }));

    await expectToast(T.uploadSuccessfulTitle, T.uploadSuccessfulBody);
    expect(callsTo(calls, 'capsules.upload.start')[0]?.input).toEqual({
      capsuleId: capsule.id,
      fileName: 'clip.mp4',
      fileSize: 20,
      contentType: 'video/mp4',
      durationSeconds: 42,
      notify: { enabled: true, timing: 'on_lock' },
    });
    const storage = h.storage as FakeStorage;
    expect(storage.stageCalls.map((c) => [atob(c.id), c.text]).sort()).toEqual([
      ['block-000000', 'abcdefgh'],
      ['block-000001', 'ijklmnop'],
      ['block-000002', 'qrst'],
    ]);
    expect(storage.commits).toEqual([
      { sasUrl: grant(1, 0).sasUrl, ids: [0, 1, 2].map(blockId), contentType: 'video/mp4' },
    ]);
    expect(callsTo(calls, 'capsules.upload.complete')[0]?.input).toEqual({
      capsuleId: capsule.id,
      uploadId: 'upload-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(callsTo(calls, 'capsules.counts')).toHaveLength(2));
  });

  it("replaces the video from Reupload Video: 'Replace Video', then 'Video replaced'", async () => {
    const capsule = storedCapsule(2, { title: 'For Grace' });
    const { dialog, user } = await openUpload(capsule, {}, 'reupload');
    await chooseAndConfirm(dialog, user);
    await user.click(dialog.getByRole('button', { name: T.replace }));
    await expectToast(T.videoReplacedTitle, T.videoReplacedBody);
  });

  it('sends the custom notification date, 10 days ahead by default, with its time zone', async () => {
    const { dialog, user, calls } = await openUpload(pendingUpload());
    await user.click(dialog.getByRole('radio', { name: T.customDate }));
    expect(dialog.getByText(T.timezone)).toBeTruthy();
    await user.type(dialog.getByRole('textbox', { name: /Message to the recipient/ }), '  Happy birthday!  ');
    await chooseAndConfirm(dialog, user);
    await user.click(dialog.getByRole('button', { name: T.upload }));
    await expectToast(T.uploadSuccessfulTitle);

    const input = callsTo(calls, 'capsules.upload.start')[0]?.input as { notify: Record<string, unknown> };
    const notify = input.notify;
    expect(notify).toMatchObject({
      enabled: true,
      timing: 'custom',
      timezone: 'UTC',
      message: 'Happy birthday!',
    });
    const days = (Date.parse(`${notify.customDate}`) - Date.now()) / (24 * 3600 * 1000);
    expect(Math.round(days)).toBe(10);
    expect(notify.customDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
  });

  it('offers to resume an interrupted upload and sends only the missing blocks of the same file', async () => {
    const capsule = pendingUpload({ status: 'Upload_In_Progress' });
    const { dialog, user, calls } = await openUpload(capsule, {
      'capsules.upload.open': () => ({
        uploadId: 'upload-0',
        fileName: 'clip.mp4',
        fileSize: 20,
        stagedBytes: 16,
        notify: { enabled: true, timing: 'on_lock', customDate: null, timezone: null, message: 'Words kept' },
      }),
      'capsules.upload.start': (input) => ({
        uploadId: 'upload-0',
        ...grant(1, inAnHour()),
        blockSize: 8,
        stagedBlocks: (input as { resume?: boolean }).resume
          ? [
              { name: blockId(0), size: 8 },
              { name: blockId(1), size: 8 },
            ]
          : [],
        resumed: Boolean((input as { resume?: boolean }).resume),
      }),
    });
    expect(await dialog.findByText(T.resumeOfferTitle)).toBeTruthy();
    expect(dialog.getByText(/16 B of 20 B sent/)).toBeTruthy();
    // The message typed when it started is shown again, and what the dialog then says is sent.
    const message = dialog.getByRole('textbox', { name: 'Message to the recipient' }) as HTMLTextAreaElement;
    await waitFor(() => expect(message.value).toBe('Words kept'));
    await user.type(message, ' and more');

    // Another file is not the interrupted one.
    pick(dialog, video('other.mp4'));
    expect(await dialog.findByText(T.resumeFileMismatch)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: T.remove }));

    await chooseAndConfirm(dialog, user);
    expect(dialog.getByTestId('resume-match').textContent).toBe(T.resumeReady);
    await user.click(dialog.getByRole('button', { name: T.upload }));
    await expectToast(T.uploadSuccessfulTitle);

    expect(callsTo(calls, 'capsules.upload.start')[0]?.input).toMatchObject({
      resume: true,
      notify: { enabled: true, timing: 'on_lock', message: 'Words kept and more' },
    });
    const storage = h.storage as FakeStorage;
    expect(storage.stageCalls.map((c) => c.id)).toEqual([blockId(2)]);
    expect(storage.commits[0]?.ids).toEqual([0, 1, 2].map(blockId));
  });

  it('renews a SAS that expires within a minute before sending, without losing anything', async () => {
    const { dialog, user, calls } = await openUpload(pendingUpload(), {
      'capsules.upload.start': () => ({
        uploadId: 'upload-1',
        ...grant(1, Date.now() + 30_000),
        blockSize: 8,
        stagedBlocks: [],
        resumed: false,
      }),
    });
    await chooseAndConfirm(dialog, user);
    await user.click(dialog.getByRole('button', { name: T.upload }));
    await expectToast(T.uploadSuccessfulTitle);
    expect(callsTo(calls, 'capsules.upload.renew').map((c) => c.input)).toEqual([
      { capsuleId: expect.any(String), uploadId: 'upload-1' },
    ]);
    const storage = h.storage as FakeStorage;
    expect(storage.idsSentTo(grant(2, 0).sasUrl)).toHaveLength(3);
    expect(storage.commits[0]?.sasUrl).toBe(grant(2, 0).sasUrl);
  });

  it('pauses when the connection is lost, shows the progress, and Resume sends only what is missing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const storage = h.storage as FakeStorage;
      const { dialog, user } = await openUpload(pendingUpload());
      await chooseAndConfirm(dialog, user);
      storage.failStage.set(blockId(2), Array.from({ length: 4 }, connectionLost));
      await user.click(dialog.getByRole('button', { name: T.upload }));
      // Three retries with back-off (1 s, 2 s, 4 s), then the pause.
      await vi.advanceTimersByTimeAsync(8_000);

      const paused = await dialog.findByText(T.connectionLost, {}, { timeout: 5000 });
      expect(paused).toBeTruthy();
      // Paused, the upload survives closing: no warning not to close, but how to come back.
      expect(dialog.queryByText(T.doNotClose)).toBeNull();
      expect(dialog.getByText(T.resumeLater)).toBeTruthy();
      expect(dialog.queryByRole('button', { name: T.upload })).toBeNull();
      expect(dialog.getByTestId('upload-percent').textContent).toBe('80%');
      expect(dialog.getByTestId('upload-bytes').textContent).toBe('16 B of 20 B');

      storage.stageCalls.length = 0;
      await user.click(dialog.getByRole('button', { name: T.resume }));
      await expectToast(T.uploadSuccessfulTitle);
      expect(storage.stageCalls.map((c) => c.id)).toEqual([blockId(2)]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('Cancel asks before stopping an upload; stopped, it offers Resume only, which sends the rest', async () => {
    const storage = h.storage as FakeStorage;
    let open!: () => void;
    storage.gate = new Promise((resolve) => {
      open = resolve;
    });
    // Every block is held in flight until the gate opens: the stop finds them under way.
    const { dialog, user, calls } = await openUpload(pendingUpload());
    await chooseAndConfirm(dialog, user);
    await user.click(dialog.getByRole('button', { name: T.upload }));
    await waitFor(() => expect(storage.inFlight).toBeGreaterThan(0));
    expect(dialog.getByText(T.doNotClose)).toBeTruthy();
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    // Asked first; 'Keep uploading' changes nothing.
    await user.click(dialog.getByRole('button', { name: T.cancel }));
    const ask = within(await screen.findByRole('dialog', { name: T.stopTitle }));
    expect(ask.getByText(T.stopBody)).toBeTruthy();
    await user.click(ask.getByRole('button', { name: T.keepUploading }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.stopTitle })).toBeNull());
    expect(storage.inFlight).toBeGreaterThan(0);

    await user.click(dialog.getByRole('button', { name: T.cancel }));
    const again = within(await screen.findByRole('dialog', { name: T.stopTitle }));
    await user.click(again.getByRole('button', { name: T.stopUpload }));
    expect(await dialog.findByText(T.stoppedByYou)).toBeTruthy();
    expect(storage.inFlight).toBe(0);
    // Paused: Resume only (no greyed Upload), no 'do not close', and the slot stays open.
    expect(dialog.getByText(T.resumeLater)).toBeTruthy();
    expect(dialog.queryByText(T.doNotClose)).toBeNull();
    expect(dialog.queryByRole('button', { name: T.upload })).toBeNull();
    expect(dialog.getAllByRole('button', { name: T.resume })).toHaveLength(1);
    expect(dialog.getByRole('button', { name: T.close })).toBeTruthy();
    expect(callsTo(calls, 'capsules.upload.cancel')).toHaveLength(0);
    const paused = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(paused);
    expect(paused.defaultPrevented).toBe(false);

    open();
    storage.stageCalls.length = 0;
    await user.click(dialog.getByRole('button', { name: T.resume }));
    await expectToast(T.uploadSuccessfulTitle);
    expect(storage.stageCalls.map((c) => c.id).sort()).toEqual([0, 1, 2].map(blockId).sort());
    expect(storage.commits).toHaveLength(1);
    expect(storage.commits[0]?.ids).toEqual([0, 1, 2].map(blockId));
    expect(callsTo(calls, 'capsules.upload.start')).toHaveLength(1);
    expect(callsTo(calls, 'capsules.upload.cancel')).toHaveLength(0);
  });

  it('Escape with a chosen file asks first; No keeps the file, Discard closes', async () => {
    const { dialog, user } = await openUpload(pendingUpload());
    await chooseAndConfirm(dialog, user);

    await user.keyboard('{Escape}');
    const ask = within(await screen.findByRole('dialog', { name: T.discardTitle }));
    expect(ask.getByText('The video you chose will not be kept.')).toBeTruthy();
    await user.click(ask.getByRole('button', { name: T.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.discardTitle })).toBeNull());
    expect(dialog.getByTestId('video-preview')).toBeTruthy();
    expect((dialog.getByRole('button', { name: T.upload }) as HTMLButtonElement).disabled).toBe(false);

    // Escape on the question itself is a 'no' too, not a close of both.
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: T.discardTitle });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.discardTitle })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Upload Video for Grace Hopper' })).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: T.cancel }));
    const last = within(await screen.findByRole('dialog', { name: T.discardTitle }));
    await user.click(last.getByRole('button', { name: T.discard }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before dropping a typed message, and closes at once when nothing was given', async () => {
    const { user } = await openUpload(pendingUpload());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'For Grace' }));
    const second = within(await screen.findByRole('dialog', { name: 'Upload Video for Grace Hopper' }));
    await user.type(second.getByRole('textbox', { name: /Message to the recipient/ }), 'Happy birthday');
    await user.click(second.getByRole('button', { name: T.closeDialog }));
    const ask = within(await screen.findByRole('dialog', { name: T.discardTitle }));
    expect(ask.getByText('The message you wrote will not be kept.')).toBeTruthy();
    await user.click(ask.getByRole('button', { name: T.keepEditing }));
    expect(
      (second.getByRole('textbox', { name: /Message to the recipient/ }) as HTMLTextAreaElement).value,
    ).toBe('Happy birthday');
  });

  it('gives back an interrupted upload of another file before starting the new one', async () => {
    const capsule = pendingUpload({ status: 'Upload_In_Progress' });
    const { dialog, user, calls } = await openUpload(capsule, {
      'capsules.upload.open': () => ({
        uploadId: 'upload-0',
        fileName: 'old.mp4',
        fileSize: 99,
        stagedBytes: 8,
      }),
    });
    await dialog.findByText(T.resumeOfferTitle);
    await chooseAndConfirm(dialog, user);
    expect(dialog.getByTestId('resume-match').textContent).toBe(T.resumeFileMismatch);
    await user.click(dialog.getByRole('button', { name: T.upload }));
    await expectToast(T.uploadSuccessfulTitle);
    expect(callsTo(calls, 'capsules.upload.cancel').map((c) => c.input)).toEqual([
      { capsuleId: capsule.id, uploadId: 'upload-0' },
    ]);
    const order = calls.map((c) => c.path).filter((p) => p.startsWith('capsules.upload.'));
    expect(order.indexOf('capsules.upload.cancel')).toBeLessThan(order.indexOf('capsules.upload.start'));
    expect(callsTo(calls, 'capsules.upload.start')[0]?.input).not.toHaveProperty('resume');
  });

  it('says storage refused the upload when storage answers with an error, and gives the slot back', async () => {
    const storage = h.storage as FakeStorage;
    storage.failStage.set(blockId(0), [storageError(409, 'BlobArchived')]);
    const { dialog, user, calls } = await openUpload(pendingUpload());
    await chooseAndConfirm(dialog, user);
    await user.click(dialog.getByRole('button', { name: T.upload }));
    await expectToast(T.uploadFailedTitle, 'Storage refused the upload (409). Please try again.');
    expect(screen.queryByText(T.connectionLost)).toBeNull();
    await waitFor(() => expect(callsTo(calls, 'capsules.upload.cancel')).toHaveLength(1));
    // The file stays chosen: Upload tries again.
    expect((dialog.getByRole('button', { name: T.upload }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says storage refused a 403 that fresh SAS do not cure, not a network fault', async () => {
    const storage = h.storage as FakeStorage;
    storage.failAll = () => storageError(403, 'AuthorizationFailure');
    const { dialog, user, calls } = await openUpload(pendingUpload());
    await chooseAndConfirm(dialog, user);
    await user.click(dialog.getByRole('button', { name: T.upload }));
    await expectToast(T.uploadFailedTitle, 'Storage refused the upload (403). Please try again.');
    expect(callsTo(calls, 'capsules.upload.renew').length).toBeGreaterThan(0);
  });

  it('pauses on no answer at all (a lost connection, or storage refusing our origin), asking the server first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const storage = h.storage as FakeStorage;
      storage.failAll = connectionLost;
      const { dialog, user, calls } = await openUpload(pendingUpload());
      await chooseAndConfirm(dialog, user);
      await user.click(dialog.getByRole('button', { name: T.upload }));
      await vi.advanceTimersByTimeAsync(8_000);
      expect(await dialog.findByText(T.connectionLost, {}, { timeout: 5000 })).toBeTruthy();
      expect(screen.queryByText(/Storage refused/)).toBeNull();
      // Each try without an answer asked the server, which puts a lost CORS rule back.
      expect(callsTo(calls, 'capsules.upload.renew').length).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("toasts 'Upload failed' with the server's reason when the slot is refused", async () => {
    const { dialog, user } = await openUpload(pendingUpload(), {
      'capsules.upload.start': () => {
        throw serverError(409, 'The video of this capsule is still being uploaded or reviewed.', 'CONFLICT');
      },
    });
    await chooseAndConfirm(dialog, user);
    await user.click(dialog.getByRole('button', { name: T.upload }));
    await expectToast(T.uploadFailedTitle, 'The video of this capsule is still being uploaded or reviewed.');
    expect((h.storage as FakeStorage).stageCalls).toHaveLength(0);
  });

  it("toasts 'Upload failed' / 'Something went wrong' when the server cannot be reached", async () => {
    const { dialog, user } = await openUpload(pendingUpload(), {
      'capsules.upload.start': () => {
        throw networkError();
      },
    });
    await chooseAndConfirm(dialog, user);
    await user.click(dialog.getByRole('button', { name: T.upload }));
    await expectToast(T.uploadFailedTitle, T.somethingWentWrong);
  });

  it("toasts the server's verdict when it refuses what arrived, and keeps the dialog open", async () => {
    const { dialog, user } = await openUpload(pendingUpload(), {
      'capsules.upload.complete': () => {
        throw serverError(400, 'The file is not a video.', 'BAD_REQUEST');
      },
    });
    await chooseAndConfirm(dialog, user);
    await user.click(dialog.getByRole('button', { name: T.upload }));
    await expectToast(T.uploadFailedTitle, 'The file is not a video.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((dialog.getByRole('button', { name: T.upload }) as HTMLButtonElement).disabled).toBe(false);
  });
});
