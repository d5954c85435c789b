import { parseCapsuleLength } from './capsule-length.js';

// Recording a video in the Upload Video dialog, with the browser's camera and microphone,
// instead of choosing a file. The recording then goes through the same checks and upload as
// a chosen file (video-upload.ts). 'Record a video' is the product's label; every other text
// is ours: the spec does not word the recorder.

export const CAPSULE_RECORD_TEXTS = {
  /** Beside CAPSULE_UPLOAD_TEXTS.chooseFile ('Choose a file'). */
  recordVideo: 'Record a video',
  // Ours.
  chooseFileInstead: 'Choose a file instead',
  camera: 'Camera',
  microphone: 'Microphone',
  startingCamera: 'Starting the camera…',
  livePreview: 'Camera preview',
  start: 'Start recording',
  countdown: 'Recording starts in',
  cancelCountdown: 'Cancel',
  recording: 'Recording',
  paused: 'Paused',
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
  finishing: 'Finishing the recording…',
  recordedPreview: 'Your recording',
  retake: 'Retake',
  useRecording: 'Use this video',
  tryAgain: 'Try again',
  // Ours: why recording cannot start. Each one leaves the file path open.
  deniedTitle: 'Camera access was refused',
  deniedBody:
    'Allow this site to use your camera and microphone (in the address bar or your browser’s settings), then try again. You can also choose a file instead.',
  noCameraTitle: 'No camera found',
  noCameraBody: 'Connect a camera and try again, or choose a file instead.',
  noMicrophoneTitle: 'No microphone found',
  noMicrophoneBody:
    'A video message needs sound: connect a microphone and try again, or choose a file instead.',
  busyTitle: 'The camera is in use',
  busyBody:
    'Another app or tab is using your camera or microphone. Close it and try again, or choose a file instead.',
  unsupportedTitle: 'This browser cannot record video',
  unsupportedBody:
    'Recording needs a current Chrome, Edge, Firefox or Safari, on a secure (https) page. You can choose a file instead.',
  failedTitle: 'The recording could not go on',
  failedBody: 'The camera or the recording stopped unexpectedly. Try again, or choose a file instead.',
} as const;

/** Why recording cannot start, or could not go on. */
export type RecorderProblem = 'denied' | 'no-camera' | 'no-microphone' | 'busy' | 'unsupported' | 'failed';

/** The title and body each problem shows. */
export function recorderProblemText(problem: RecorderProblem): { title: string; body: string } {
  const T = CAPSULE_RECORD_TEXTS;
  switch (problem) {
    case 'denied':
      return { title: T.deniedTitle, body: T.deniedBody };
    case 'no-camera':
      return { title: T.noCameraTitle, body: T.noCameraBody };
    case 'no-microphone':
      return { title: T.noMicrophoneTitle, body: T.noMicrophoneBody };
    case 'busy':
      return { title: T.busyTitle, body: T.busyBody };
    case 'unsupported':
      return { title: T.unsupportedTitle, body: T.unsupportedBody };
    default:
      return { title: T.failedTitle, body: T.failedBody };
  }
}

/** 'm:ss' of whole seconds (rounded down: the timer never shows more than was recorded). */
export function formatRecordingTime(milliseconds: number): string {
  const s = Math.max(0, Math.floor(milliseconds / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The timer's words for a screen reader: '0:12 of 5:00 recorded'. */
export const recordingTimeLabel = (elapsed: string, limit: string | null) =>
  limit ? `${elapsed} of ${limit} recorded` : `${elapsed} recorded`;

/** After the recorder stopped itself at the capsule's length. */
export function limitReachedText(capsuleLength: string | null | undefined): string {
  const length = parseCapsuleLength(capsuleLength);
  return `The recording stopped at this capsule’s limit${length ? ` of ${length.label}` : ''}.`;
}
