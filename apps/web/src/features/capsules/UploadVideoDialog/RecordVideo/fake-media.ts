import { vi } from 'vitest';

// The camera, the microphone and MediaRecorder for the tests: happy-dom has none of them. The
// fakes keep what a test asks about (which constraints were asked for, which tracks are still
// live, what the recorder was told) and do nothing else.

export class FakeTrack {
  readyState: 'live' | 'ended' = 'live';
  constructor(
    readonly kind: 'video' | 'audio',
    readonly deviceId: string,
    readonly facingMode?: string,
  ) {}
  stop() {
    this.readyState = 'ended';
  }
  getSettings() {
    return { deviceId: this.deviceId, ...(this.facingMode ? { facingMode: this.facingMode } : {}) };
  }
}

// happy-dom's MediaStream underneath: a <video>'s srcObject takes nothing else.
const StreamBase = (globalThis.MediaStream ?? class {}) as unknown as new () => object;

export class FakeStream extends StreamBase {
  constructor(readonly tracks: FakeTrack[]) {
    super();
  }
  getTracks() {
    return [...this.tracks];
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
}

type RecorderState = 'inactive' | 'recording' | 'paused';

export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static supported = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/mp4'];
  static isTypeSupported(type: string) {
    return FakeMediaRecorder.supported.includes(type);
  }

  state: RecorderState = 'inactive';
  readonly mimeType: string;
  /** What the recorder was told, in order: start, pause, resume, stop. */
  readonly calls: string[] = [];
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(
    readonly stream: FakeStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'video/webm';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.calls.push('start');
    this.state = 'recording';
  }
  pause() {
    this.calls.push('pause');
    this.state = 'paused';
  }
  resume() {
    this.calls.push('resume');
    this.state = 'recording';
  }
  /** As the browser: the last data, then 'stop', a moment later. */
  stop() {
    this.calls.push('stop');
    this.state = 'inactive';
    void Promise.resolve().then(() => {
      this.ondataavailable?.({ data: new Blob(['recorded bytes'], { type: this.mimeType }) });
      this.onstop?.();
    });
  }
}

export interface FakeDevice {
  kind: 'videoinput' | 'audioinput';
  deviceId: string;
  label: string;
}

export const DEVICES: FakeDevice[] = [
  { kind: 'videoinput', deviceId: 'cam-1', label: 'Front Camera' },
  { kind: 'videoinput', deviceId: 'cam-2', label: 'USB Camera' },
  { kind: 'audioinput', deviceId: 'mic-1', label: 'Built-in Microphone' },
];

/** A DOMException as getUserMedia rejects with: NotAllowedError, NotFoundError, NotReadableError. */
export const mediaError = (name: string) => new DOMException(name, name);

/**
 * navigator.mediaDevices and MediaRecorder, faked. `refuse`: getUserMedia rejects with it.
 * Returns the fakes to look into, and undoes itself with `restore`.
 */
export function installFakeMedia({
  devices = DEVICES,
  refuse,
  recorder = true,
}: {
  devices?: FakeDevice[];
  refuse?: unknown;
  recorder?: boolean;
} = {}) {
  const streams: FakeStream[] = [];
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    if (refuse) throw refuse;
    const video = constraints.video as MediaTrackConstraints;
    const audio = constraints.audio as MediaTrackConstraints | boolean;
    const exact = (c: MediaTrackConstraints | boolean) =>
      typeof c === 'object' ? (c.deviceId as { exact?: string } | undefined)?.exact : undefined;
    const cameraId = exact(video) ?? devices.find((d) => d.kind === 'videoinput')?.deviceId ?? '';
    const micId = exact(audio) ?? devices.find((d) => d.kind === 'audioinput')?.deviceId ?? '';
    const stream = new FakeStream([
      new FakeTrack('video', cameraId, typeof video.facingMode === 'string' ? video.facingMode : undefined),
      new FakeTrack('audio', micId),
    ]);
    streams.push(stream);
    return stream as unknown as MediaStream;
  });
  const enumerateDevices = vi.fn(async () =>
    devices.map((d) => ({ ...d, groupId: '', toJSON: () => d }) as MediaDeviceInfo),
  );
  const hadMediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia, enumerateDevices },
  });
  FakeMediaRecorder.instances = [];
  if (recorder) vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  else vi.stubGlobal('MediaRecorder', undefined);

  return {
    getUserMedia,
    streams,
    /** Tracks that were handed out and not stopped: the camera light would be on. */
    liveTracks: () => streams.flatMap((s) => s.tracks).filter((t) => t.readyState === 'live'),
    recorder: () => FakeMediaRecorder.instances.at(-1) as FakeMediaRecorder,
    restore() {
      if (hadMediaDevices) Object.defineProperty(navigator, 'mediaDevices', hadMediaDevices);
      else Reflect.deleteProperty(navigator, 'mediaDevices');
      vi.unstubAllGlobals();
    },
  };
}
