import { discardBody, CAPSULE_RECORD_TEXTS as R, CAPSULE_UPLOAD_TEXTS as T } from '@capsule/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardHandlers, makeCapsule, PAGE_LOAD } from '../../../test/capsule-fixtures';
import { signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { Call } from '../../../test/trpc-mock';
import type { Capsule } from '../capsule-display';
import { FakeStorage, grant } from './fake-block-target';
import { installFakeMedia, mediaError } from './RecordVideo/fake-media';

// 'Record a video' inside the real dialog: a take goes into the same step as a chosen file
// (its checks, preview, confirmation and block upload), a refusal leaves the file path open,
// and closing the dialog turns the camera off. Storage and the <video> metadata read are
// faked as in UploadVideoDialog.test.tsx.
const h = vi.hoisted(() => ({
  storage: null as FakeStorage | null,
  duration: vi.fn<(url: string) => Promise<number>>(),
}));
vi.mock('./azure-block-target', () => ({
  createAzureBlockTarget: (url: string) => (h.storage as FakeStorage).target(url),
}));
vi.mock('./video-metadata', async (original) => ({
  ...(await original<typeof import('./video-metadata')>()),
  readVideoDuration: (url: string) => h.duration(url),
}));

let media: ReturnType<typeof installFakeMedia>;
let recordingSlots = 0;
const inAnHour = () => new Date(Date.now() + 3_600_000).getTime();

const capsule = makeCapsule({
  status: 'Pending_Upload',
  title: 'For Grace',
  contactId: '00000000-0000-4000-9000-000000000001',
  recipientName: 'Grace Hopper',
  recipientEmail: 'grace@example.com',
});

async function openRecorder() {
  const result = renderApp({
    route: '/dashboard',
    handlers: {
      ...signedIn(),
      ...dashboardHandlers([capsule], {
        'capsules.upload.open': () => null,
        'capsules.upload.start': () => ({
          uploadId: 'upload-1',
          ...grant(1, inAnHour()),
          blockSize: 8,
          stagedBlocks: [],
          resumed: false,
        }),
        'capsules.upload.startRecording': () => ({
          uploadId: `recording-${++recordingSlots}`,
          ...grant(1, inAnHour()),
          blockSize: 8,
          stagedBlocks: [],
          resumed: false,
        }),
        'capsules.upload.cancel': () => capsule,
        'capsules.upload.complete': () => ({ ...capsule, status: 'Reviewing' }) satisfies Capsule,
      }),
    },
  });
  await screen.findByRole('article', { name: capsule.title }, PAGE_LOAD);
  await result.user.click(screen.getByRole('button', { name: capsule.title }));
  const dialog = within(
    await screen.findByRole('dialog', { name: 'Upload Video for Grace Hopper' }, PAGE_LOAD),
  );
  expect(dialog.getByRole('button', { name: T.chooseFile })).toBeTruthy();
  await result.user.click(dialog.getByRole('button', { name: R.recordVideo }));
  return { ...result, dialog };
}

type Opened = Awaited<ReturnType<typeof openRecorder>>;

/** Record `seconds` (after the countdown) and stop. */
async function recordAndStop({ dialog, user }: Opened, seconds: number) {
  await user.click(await dialog.findByRole('button', { name: R.start }));
  await vi.advanceTimersByTimeAsync(3000 + seconds * 1000);
  await user.click(await dialog.findByRole('button', { name: R.stop }));
  await dialog.findByTestId('recording-preview');
}

const callsTo = (calls: Call[], path: string) => calls.filter((call) => call.path === path);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  h.storage = new FakeStorage();
  recordingSlots = 0;
  h.duration.mockReset();
  h.duration.mockResolvedValue(4);
});

afterEach(() => {
  media?.restore();
  vi.useRealTimers();
});

describe('Upload Video dialog: Record a video', { timeout: 30_000 }, () => {
  it('uploads a take while it is recorded, then uses it as a chosen file: checks, preview, confirmation, the rest sent', async () => {
    media = installFakeMedia();
    const opened = await openRecorder();
    const { dialog, user, calls } = opened;
    // The upload stays disabled while recording: nothing is chosen yet.
    expect((dialog.getByRole('button', { name: T.upload }) as HTMLButtonElement).disabled).toBe(true);
    await recordAndStop(opened, 4);
    await user.click(dialog.getByRole('button', { name: R.useRecording }));

    // The chosen-file step: the duration read from the file, its preview and its line.
    const preview = await dialog.findByTestId('video-preview');
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(h.duration).toHaveBeenCalledTimes(1);
    expect(dialog.getByText(/recording\.webm · 14 B · 0:04/)).toBeTruthy();
    expect(dialog.queryByTestId('video-recorder')).toBeNull();
    expect(media.liveTracks()).toHaveLength(0);

    // Recording opened its own upload slot, named as the take.
    expect(callsTo(calls, 'capsules.upload.startRecording').map((call) => call.input)).toEqual([
      { capsuleId: capsule.id, fileName: 'recording.webm', contentType: 'video/webm' },
    ]);

    await user.click(dialog.getByRole('checkbox', { name: T.confirmLabel }));
    await user.click(dialog.getByRole('button', { name: T.upload }));
    expect(await screen.findByText(T.uploadSuccessfulTitle)).toBeTruthy();
    // Using the take resumes that slot with its size, length and the sender's notification.
    expect(callsTo(calls, 'capsules.upload.start')[0]?.input).toEqual({
      capsuleId: capsule.id,
      fileName: 'recording.webm',
      fileSize: 14,
      contentType: 'video/webm',
      durationSeconds: 4,
      notify: { enabled: true, timing: 'on_lock' },
      resume: true,
    });
    expect(callsTo(calls, 'capsules.upload.cancel')).toHaveLength(0);
    expect(h.storage?.commits[0]?.contentType).toBe('video/webm');
  });

  it('a retake gives the first take’s slot back and opens another; choosing a file instead gives that one back', async () => {
    media = installFakeMedia();
    const opened = await openRecorder();
    const { dialog, user, calls } = opened;
    await recordAndStop(opened, 2);
    await user.click(dialog.getByRole('button', { name: R.retake }));
    await recordAndStop(opened, 2);
    await waitFor(() => expect(callsTo(calls, 'capsules.upload.startRecording')).toHaveLength(2));
    await waitFor(() =>
      expect(callsTo(calls, 'capsules.upload.cancel').map((call) => call.input)).toEqual([
        { capsuleId: capsule.id, uploadId: 'recording-1' },
      ]),
    );
    await user.click(dialog.getByRole('button', { name: R.retake }));
    await user.click(await dialog.findByRole('button', { name: R.chooseFileInstead }));
    await waitFor(() =>
      expect(callsTo(calls, 'capsules.upload.cancel').map((call) => call.input)).toContainEqual({
        capsuleId: capsule.id,
        uploadId: 'recording-2',
      }),
    );
  });

  it("refuses a take longer than the capsule with the file path's own 'Video too long'", async () => {
    media = installFakeMedia();
    h.duration.mockResolvedValue(301);
    const opened = await openRecorder();
    await recordAndStop(opened, 2);
    await opened.user.click(opened.dialog.getByRole('button', { name: R.useRecording }));
    expect(await screen.findByText(T.tooLongTitle)).toBeTruthy();
    expect(opened.dialog.getByTestId('video-drop-area')).toBeTruthy();
  });

  it('keeps the file path open after a refused camera', async () => {
    media = installFakeMedia({ refuse: mediaError('NotAllowedError') });
    const { dialog, user } = await openRecorder();
    expect(within(await dialog.findByRole('alert')).getByText(R.deniedTitle)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: R.chooseFileInstead }));
    fireEvent.change(dialog.getByLabelText('Video file'), {
      target: { files: [new File(['abc'], 'clip.mp4', { type: 'video/mp4' })] },
    });
    expect(await dialog.findByTestId('video-preview')).toBeTruthy();
  });

  it('turns the camera off when the dialog closes with nothing recorded', async () => {
    media = installFakeMedia();
    const { dialog, user } = await openRecorder();
    await dialog.findByRole('button', { name: R.start });
    expect(media.liveTracks()).toHaveLength(2);
    await user.click(dialog.getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(media.liveTracks()).toHaveLength(0);
  });

  it('asks before dropping a recording under way, and then turns the camera off', async () => {
    media = installFakeMedia();
    const { dialog, user } = await openRecorder();
    await user.click(await dialog.findByRole('button', { name: R.start }));
    await vi.advanceTimersByTimeAsync(5000);
    await dialog.findByRole('button', { name: R.pause });
    await user.click(dialog.getByRole('button', { name: T.closeDialog }));
    const ask = within(await screen.findByRole('dialog', { name: T.discardTitle }));
    expect(ask.getByText(discardBody({ video: true, message: false, recorded: true }))).toBeTruthy();
    expect(media.liveTracks()).toHaveLength(2);
    await user.click(ask.getByRole('button', { name: T.discard }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(media.liveTracks()).toHaveLength(0);
    expect(media.recorder().calls).toEqual(['start', 'stop']);
  });
});
