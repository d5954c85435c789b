import type { RecorderProblem } from '@capsule/domain';

// The camera and microphone through the browser's own APIs (getUserMedia, enumerateDevices):
// what to ask for, which devices there are, and what a refusal means for the sender.

/** A phone or tablet: a touch screen or a narrow window. Its front camera is the default. */
export const PHONE_QUERY = '(pointer: coarse), (max-width: 48em)';

export const isPhone = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY).matches
    : false;

/** getUserMedia and MediaRecorder both: an old browser, or a page not served over https. */
export function recordingSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof MediaRecorder !== 'undefined'
  );
}

/** The devices the sender picked; null: the browser's default (the front camera on a phone). */
export interface DeviceChoice {
  cameraId: string | null;
  microphoneId: string | null;
}

/** A 720p picture when the camera has one: sharp enough for a face, modest in size. */
const PICTURE = { width: { ideal: 1280 }, height: { ideal: 720 } } as const;

export function cameraConstraints(choice: DeviceChoice, phone: boolean): MediaStreamConstraints {
  const video: MediaTrackConstraints = choice.cameraId
    ? { ...PICTURE, deviceId: { exact: choice.cameraId } }
    : phone
      ? { ...PICTURE, facingMode: 'user' }
      : { ...PICTURE };
  const audio: MediaTrackConstraints | boolean = choice.microphoneId
    ? { deviceId: { exact: choice.microphoneId } }
    : true;
  return { video, audio };
}

export interface MediaDevicesList {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

/** Before the sender allows access the browser gives no labels (and may give one entry per kind). */
export async function listDevices(): Promise<MediaDevicesList> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: devices.filter((device) => device.kind === 'videoinput'),
    microphones: devices.filter((device) => device.kind === 'audioinput'),
  };
}

/** The browser's error, in the sender's terms (each has its own message). */
export function problemOf(error: unknown): RecorderProblem {
  // By name: OverconstrainedError is no DOMException in every browser.
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-camera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

/** Every track off: the camera's light goes out. */
export function stopTracks(stream: MediaStream | null | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
