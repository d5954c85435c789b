import { limitReachedText, CAPSULE_RECORD_TEXTS as R } from '@capsule/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../../test/render';
import { DEVICES, installFakeMedia, mediaError } from './fake-media';
import { RecordVideo } from './RecordVideo';

let media: ReturnType<typeof installFakeMedia>;
const onUse = vi.fn<(file: File) => void>();
const onChooseFile = vi.fn();

/** Runs the fake clock (and the promises it frees) inside act. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function show(capsuleLength: string | null = '5_minutes') {
  const result = render(
    <RecordVideo capsuleLength={capsuleLength} onUse={onUse} onChooseFile={onChooseFile} />,
  );
  await advance(0);
  return result;
}

const button = (name: string) => screen.getByRole('button', { name });
const timerText = () => screen.getByRole('timer').textContent;

/** Start recording, and let the 3-second countdown run out. */
async function record() {
  fireEvent.click(button(R.start));
  await advance(3000);
  expect(screen.getByText(R.recording)).toBeTruthy();
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  onUse.mockReset();
  onChooseFile.mockReset();
});

afterEach(() => {
  media?.restore();
  vi.useRealTimers();
});

describe('RecordVideo: why recording cannot start', () => {
  it.each([
    ['a refused permission (NotAllowedError)', mediaError('NotAllowedError'), R.deniedTitle, R.deniedBody],
    ['no camera (NotFoundError)', mediaError('NotFoundError'), R.noCameraTitle, R.noCameraBody],
    [
      'a camera taken by another app (NotReadableError)',
      mediaError('NotReadableError'),
      R.busyTitle,
      R.busyBody,
    ],
    ['anything else', new Error('boom'), R.failedTitle, R.failedBody],
  ])('says so for %s, and offers the file path', async (_, refuse, title, body) => {
    media = installFakeMedia({ refuse });
    await show();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(title)).toBeTruthy();
    expect(within(alert).getByText(body)).toBeTruthy();
    expect(screen.queryByTestId('camera-preview')).toBeNull();
    fireEvent.click(button(R.chooseFileInstead));
    expect(onChooseFile).toHaveBeenCalledTimes(1);
  });

  it('says there is no camera without asking for one when no videoinput device is listed', async () => {
    media = installFakeMedia({ devices: DEVICES.filter((d) => d.kind === 'audioinput') });
    await show();
    expect(within(screen.getByRole('alert')).getByText(R.noCameraTitle)).toBeTruthy();
    expect(media.getUserMedia).not.toHaveBeenCalled();
  });

  it('tells a missing microphone from a missing camera', async () => {
    media = installFakeMedia({
      devices: DEVICES.filter((d) => d.kind === 'videoinput'),
      refuse: mediaError('NotFoundError'),
    });
    await show();
    expect(within(screen.getByRole('alert')).getByText(R.noMicrophoneTitle)).toBeTruthy();
  });

  it('says the browser cannot record without MediaRecorder, and offers no retry', async () => {
    media = installFakeMedia({ recorder: false });
    await show();
    expect(within(screen.getByRole('alert')).getByText(R.unsupportedTitle)).toBeTruthy();
    expect(screen.queryByRole('button', { name: R.tryAgain })).toBeNull();
    expect(media.getUserMedia).not.toHaveBeenCalled();
  });

  it('says the browser cannot record without getUserMedia (an old browser, or no https)', async () => {
    media = installFakeMedia();
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    await show();
    expect(within(screen.getByRole('alert')).getByText(R.unsupportedBody)).toBeTruthy();
  });

  it('tries again when asked, and shows the camera once it is allowed', async () => {
    media = installFakeMedia({ refuse: mediaError('NotAllowedError') });
    await show();
    media.getUserMedia.mockImplementationOnce(async () => {
      const { FakeStream, FakeTrack } = await import('./fake-media');
      return new FakeStream([new FakeTrack('video', 'cam-1'), new FakeTrack('audio', 'mic-1')]) as never;
    });
    fireEvent.click(button(R.tryAgain));
    await advance(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('camera-preview')).toBeTruthy();
  });
});

describe('RecordVideo: the camera and the devices', () => {
  it('lists the cameras and the microphone, and asks for the one picked (the old tracks stopped)', async () => {
    media = installFakeMedia();
    await show();
    expect((screen.getByLabelText(R.camera, { selector: 'input' }) as HTMLInputElement).value).toBe(
      'Front Camera',
    );
    expect((screen.getByLabelText(R.microphone, { selector: 'input' }) as HTMLInputElement).value).toBe(
      'Built-in Microphone',
    );
    const first = media.streams[0];
    fireEvent.click(screen.getByLabelText(R.camera, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'USB Camera' }));
    await advance(0);
    expect(first?.tracks.every((t) => t.readyState === 'ended')).toBe(true);
    const video = media.getUserMedia.mock.calls.at(-1)?.[0]?.video as MediaTrackConstraints;
    expect(video.deviceId).toEqual({ exact: 'cam-2' });
    expect(media.liveTracks()).toHaveLength(2);
  });

  it('asks for the front camera on a phone (a coarse pointer), not on a desktop', async () => {
    media = installFakeMedia();
    await show();
    const askedVideo = (call: number) =>
      media.getUserMedia.mock.calls[call]?.[0]?.video as MediaTrackConstraints;
    expect(askedVideo(0).facingMode).toBeUndefined();

    const desktop = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...desktop(query),
      matches: query.includes('pointer: coarse'),
    })) as typeof window.matchMedia;
    try {
      await show();
      expect(askedVideo(1).facingMode).toBe('user');
    } finally {
      window.matchMedia = desktop;
    }
  });
});

describe('RecordVideo: recording', () => {
  it('counts down 3, 2, 1 before the recorder starts; the countdown can be cancelled', async () => {
    media = installFakeMedia();
    await show();
    fireEvent.click(button(R.start));
    expect(screen.getByTestId('countdown').textContent).toBe('3');
    expect(media.recorder()).toBeUndefined();
    await advance(1000);
    expect(screen.getByTestId('countdown').textContent).toBe('2');
    await advance(1000);
    expect(screen.getByTestId('countdown').textContent).toBe('1');
    fireEvent.click(button(R.cancelCountdown));
    await advance(5000);
    expect(media.recorder()).toBeUndefined();
    expect(screen.getByRole('button', { name: R.start })).toBeTruthy();

    await record();
    expect(media.recorder().calls).toEqual(['start']);
    expect(media.recorder().mimeType).toBe('video/webm;codecs=vp9,opus');
    expect(timerText()).toBe('0:00 / 5:00');
  });

  it('stops itself at the capsule length, with the camera off, and says why', async () => {
    media = installFakeMedia();
    await show('1_minute');
    await record();
    await advance(59_000);
    expect(timerText()).toBe('0:59 / 1:00');
    expect(media.recorder().state).toBe('recording');
    await advance(1000);
    expect(media.recorder().calls).toEqual(['start', 'stop']);
    expect(screen.getByTestId('recording-preview')).toBeTruthy();
    expect(screen.getByText(limitReachedText('1_minute'))).toBeTruthy();
    expect(media.liveTracks()).toHaveLength(0);
  });

  it('keeps the timer while paused and goes on from there on resume', async () => {
    media = installFakeMedia();
    await show();
    await record();
    await advance(5000);
    expect(timerText()).toBe('0:05 / 5:00');
    fireEvent.click(button(R.pause));
    expect(screen.getByText(R.paused)).toBeTruthy();
    await advance(10_000);
    expect(timerText()).toBe('0:05 / 5:00');
    fireEvent.click(button(R.resume));
    await advance(3000);
    expect(timerText()).toBe('0:08 / 5:00');
    // The paused time does not count towards the limit either: 5 minutes of recording, not of
    // the clock (309 s have passed here).
    await advance(291_000);
    expect(timerText()).toBe('4:59 / 5:00');
    expect(media.recorder().state).toBe('recording');
    fireEvent.click(button(R.stop));
    await advance(0);
    expect(media.recorder().calls).toEqual(['start', 'pause', 'resume', 'stop']);
    expect(screen.queryByText(limitReachedText('5_minutes'))).toBeNull();
  });

  it('previews the take, and hands it over as recording.webm (video/webm)', async () => {
    media = installFakeMedia();
    await show();
    await record();
    await advance(4000);
    fireEvent.click(button(R.stop));
    await advance(0);
    const preview = screen.getByTestId('recording-preview');
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(timerText()).toBe('0:04 / 5:00');
    expect(media.liveTracks()).toHaveLength(0);
    fireEvent.click(button(R.useRecording));
    const file = onUse.mock.calls[0]?.[0] as File;
    expect([file.name, file.type, file.size > 0]).toEqual(['recording.webm', 'video/webm', true]);
  });

  it('records MP4 where WebM is not supported (Safari)', async () => {
    media = installFakeMedia();
    const { FakeMediaRecorder } = await import('./fake-media');
    const supported = FakeMediaRecorder.supported;
    FakeMediaRecorder.supported = ['video/mp4'];
    try {
      await show();
      await record();
      fireEvent.click(button(R.stop));
      await advance(0);
      fireEvent.click(button(R.useRecording));
      const file = onUse.mock.calls[0]?.[0] as File;
      expect([file.name, file.type]).toEqual(['recording.mp4', 'video/mp4']);
    } finally {
      FakeMediaRecorder.supported = supported;
    }
  });

  it('retake drops the take and opens the camera again for a new one', async () => {
    media = installFakeMedia();
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    await show();
    await record();
    await advance(2000);
    fireEvent.click(button(R.stop));
    await advance(0);
    const url = screen.getByTestId('recording-preview').getAttribute('src');
    fireEvent.click(button(R.retake));
    await advance(0);
    expect(revoke).toHaveBeenCalledWith(url);
    expect(screen.queryByTestId('recording-preview')).toBeNull();
    expect(screen.getByTestId('camera-preview')).toBeTruthy();
    expect(media.getUserMedia).toHaveBeenCalledTimes(2);
    expect(media.liveTracks()).toHaveLength(2);
    await record();
    expect(timerText()).toBe('0:00 / 5:00');
  });

  it.each([
    ['with the camera showing', async () => {}],
    ['while recording', record],
  ])('stops every track when it goes away %s', async (_, before) => {
    media = installFakeMedia();
    const { unmount } = await show();
    await before();
    expect(media.liveTracks()).toHaveLength(2);
    unmount();
    expect(media.liveTracks()).toHaveLength(0);
  });

  it('stops a camera that arrives after it went away', async () => {
    media = installFakeMedia();
    let grant: (() => void) | undefined;
    const gum = media.getUserMedia.getMockImplementation();
    media.getUserMedia.mockImplementationOnce(
      (constraints) =>
        new Promise((resolve) => {
          grant = () => resolve((gum as NonNullable<typeof gum>)(constraints));
        }),
    );
    const { unmount } = await show();
    unmount();
    grant?.();
    await advance(0);
    expect(media.streams).toHaveLength(1);
    expect(media.liveTracks()).toHaveLength(0);
  });
});
