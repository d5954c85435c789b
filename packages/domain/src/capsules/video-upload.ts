import { type Instant, parseInstant } from '../contacts/calendar-date.js';
import { parseCapsuleLength } from './capsule-length.js';

// The Upload Video dialog's rules and texts (spec sections 2, 5, 8 and 9). The
// spec's texts are verbatim; those marked 'ours' are where the spec names a thing without
// wording it. Pure: the browser reads a file's type, size and duration and asks these.

/** Spec section 9: 2000 MB (2GB); a video must be under it. MB as the browser counts (MiB). */
export const MAX_VIDEO_MB = 2000;
export const MAX_VIDEO_BYTES = MAX_VIDEO_MB * 1024 * 1024;

/** The block size of the resumable upload: 8 MiB, the server's `blockSize`. */
export const UPLOAD_BLOCK_SIZE = 8 * 1024 * 1024;

/**
 * The block size of a recording uploaded while it is recorded: 1 MiB. A camera's data arrives
 * at a few hundred kB a second, so a block this size reaches storage every few seconds while
 * the sender speaks (8 MiB would wait half a minute); the longest recording stays far under the
 * 50,000 blocks a blob may have.
 */
export const RECORDING_BLOCK_SIZE = 1024 * 1024;

/** Notify Recipient's timing (spec section 5): at lock (the default) or a custom date. */
export const NOTIFY_TIMINGS = ['on_lock', 'custom'] as const;
export type NotifyTiming = (typeof NOTIFY_TIMINGS)[number];

/** Spec section 5, 'Timezone choices', in the spec's order. */
export const NOTIFY_TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Toronto',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Australia/Sydney',
] as const;
export type NotifyTimezone = (typeof NOTIFY_TIMEZONES)[number];

/** Spec section 9: the custom notification time defaults to 10 days from now. */
const DEFAULT_NOTIFY_DAYS = 10;

export const CAPSULE_UPLOAD_TEXTS = {
  // Section 5, 'Video upload'.
  invalidTypeTitle: 'Invalid file type',
  invalidTypeBody: 'Please select a video file (MP4 or MOV)',
  tooLargeTitle: 'Video too large',
  tooLargeBody: 'Video must be under 2GB',
  /** The drop path's title for the same refusal. */
  fileTooLargeTitle: 'File too large',
  tooLongTitle: 'Video too long',
  metadataTitle: 'Error reading video',
  metadataBody: 'Unable to read video metadata.',
  noFileTitle: 'No file selected',
  noFileBody: 'Please select a video file to upload',
  // Section 2, 'Dialogs'.
  confirmLabel: 'I confirm that this upload is accurate and intended',
  notifyLabel: 'Notify Recipient',
  atLock: 'At Lock',
  upload: 'Upload',
  replace: 'Replace Video',
  cancel: 'Cancel',
  remove: 'Remove',
  // Section 8.
  uploadSuccessfulTitle: 'Upload successful',
  uploadSuccessfulBody: 'Your video is being uploaded and is under review.',
  videoReplacedTitle: 'Video replaced',
  videoReplacedBody: 'Your video has been successfully replaced.',
  uploadFailedTitle: 'Upload failed',
  somethingWentWrong: 'Something went wrong',
  storageFailed: 'Upload failed, please try again.',
  // Ours: what the spec names without wording it.
  customDate: 'Custom date',
  notifyWhen: 'When to notify',
  notifyAt: 'Notify on',
  timezone: 'Time zone',
  doNotClose: 'Please do not close or refresh this window while your video is uploading.',
  dropHere: 'Drag and drop a video here',
  orPick: 'or',
  /** Beside 'Record a video' (CAPSULE_RECORD_TEXTS.recordVideo): the two ways to give a video. */
  chooseFile: 'Choose a file',
  connectionLost: 'The connection was lost. What has been sent is kept.',
  resume: 'Resume',
  resumeOfferTitle: 'An upload was interrupted',
  resumeFileMismatch: 'This is not the interrupted file: it will be uploaded from the start.',
  resumeReady: 'Same file: only the missing part will be sent.',
  cancelFailed: 'The upload was stopped, but the capsule could not be released. Please try again.',
  // Ours: stopping, resuming and discarding (nothing the sender gave is dropped unasked).
  stoppedByYou: 'Upload stopped. What has been sent is kept.',
  resumeLater: 'You can resume it now, or later: open this capsule again and choose the same file.',
  close: 'Close',
  /** The dialog's own close button (the X), apart from the footer's Close. */
  closeDialog: 'Close dialog',
  stopTitle: 'Stop the upload?',
  stopBody: 'What has been sent is kept: you can resume the upload now, or later with the same file.',
  keepUploading: 'Keep uploading',
  stopUpload: 'Stop upload',
  discardTitle: 'Close without uploading?',
  keepEditing: 'Keep editing',
  discard: 'Discard',
} as const;

/**
 * What closing the dialog before the upload would lose, in a sentence. `recorded`: the video
 * was (or is being) recorded in the dialog rather than chosen from the sender's files.
 */
export function discardBody(lost: { video: boolean; message: boolean; recorded?: boolean }): string {
  const video = lost.recorded ? 'the video you recorded' : 'the video you chose';
  const what = [lost.video && video, lost.message && 'the message you wrote'].filter(Boolean);
  const list = what.join(' and ');
  return `${list.charAt(0).toUpperCase()}${list.slice(1)} will not be kept.`;
}

/**
 * Storage answered with an HTTP error (403, 409, ...), as opposed to no answer at all (a lost
 * connection pauses the upload instead): say so, rather than suggest a network fault.
 */
export const storageRefusedBody = (status: number) =>
  `Storage refused the upload (${status}). Please try again.`;

/** 'Video too long: Please upload a video shorter than N minutes.' (section 5). */
export const tooLongBody = (minutes: number) => `Please upload a video shorter than ${minutes} minutes.`;

/** A refusal the dialog shows as a destructive toast: the spec's title and description. */
export interface UploadRefusal {
  title: string;
  description: string;
}

/** Where the file came from: the drop path words the size refusal differently (section 5). */
export type FileSource = 'drop' | 'pick';

/** Type (video/*) then size (under 2000 MB); null when the file may go on to the duration check. */
export function checkVideoFile(
  file: { type: string; size: number } | null | undefined,
  source: FileSource,
): UploadRefusal | null {
  const T = CAPSULE_UPLOAD_TEXTS;
  if (!file) return { title: T.noFileTitle, description: T.noFileBody };
  if (!file.type.startsWith('video/')) return { title: T.invalidTypeTitle, description: T.invalidTypeBody };
  if (file.size >= MAX_VIDEO_BYTES) {
    return { title: source === 'drop' ? T.fileTooLargeTitle : T.tooLargeTitle, description: T.tooLargeBody };
  }
  return null;
}

/**
 * The duration the browser read, against the capsule length (minutes x 60 s; not more). A
 * duration that is not a finite, non-negative number is a metadata failure. A capsule
 * without a readable length is left to the server's review.
 */
export function checkVideoDuration(
  seconds: number | null | undefined,
  capsuleLength: string | null | undefined,
): UploadRefusal | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
    return { title: CAPSULE_UPLOAD_TEXTS.metadataTitle, description: CAPSULE_UPLOAD_TEXTS.metadataBody };
  }
  const length = parseCapsuleLength(capsuleLength);
  if (length && seconds > length.minutes * 60) {
    return { title: CAPSULE_UPLOAD_TEXTS.tooLongTitle, description: tooLongBody(length.minutes) };
  }
  return null;
}

/** The custom notification time's default: 10 days from `now`, to the minute. */
export function defaultNotifyDate(now: Instant): Date {
  const at = parseInstant(now);
  if (!at) throw new RangeError('defaultNotifyDate needs a valid instant');
  return at.add(DEFAULT_NOTIFY_DAYS, 'day').second(0).millisecond(0).toDate();
}

/** The browser's own zone when the spec lists it, else UTC. */
export function defaultNotifyTimezone(browserZone: string | null | undefined): NotifyTimezone {
  return (NOTIFY_TIMEZONES as readonly string[]).includes(browserZone ?? '')
    ? (browserZone as NotifyTimezone)
    : 'UTC';
}
