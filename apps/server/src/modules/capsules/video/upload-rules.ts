import { UPLOAD_INPUT_TEXTS } from '@capsule/domain';
import type { VideoUploadState } from '../../../db/schema.js';
import { SAS_MINUTES } from '../../storage/index.js';

// The server's numbers and words for video uploads. The limits a browser checks
// too (type, size, duration, block size) live in @capsule/domain's video-upload.ts.

/** An upload SAS lives 30 minutes and is renewed while the bytes flow (capsules.upload.renew). */
export const UPLOAD_SAS_MINUTES = SAS_MINUTES.upload;

/**
 * An open upload reverts this long after its last SAS expired: time to finish a commit begun
 * just before, and for the dialog to come back after a reload or a dropped connection and
 * resume (asking resumes the slot and renews the SAS).
 */
export const UPLOAD_GRACE_MINUTES = 30;

/** The review reads the whole index and a frame of up to 2 GB: its read SAS outlives both tools. */
export const REVIEW_SAS_MINUTES = 30;

/**
 * A video may run this much past the capsule's length before the review refuses it: a
 * container's duration and the browser's reading differ by encoder priming and rounding (an
 * AAC track starts a few dozen milliseconds early), and a video the dialog accepted as 5:00
 * must not be refused as 5:00.04.
 */
export const DURATION_TOLERANCE_SECONDS = 1;

/** The preview's read SAS: the player reads ranges while it plays, so the video's length and a margin. */
export const PREVIEW_MARGIN_MINUTES = 10;

export const UPLOAD_TEXTS = {
  notFound: 'Upload not found',
  inProgress:
    'An upload to this capsule is already in progress (in another tab or window?). Finish or cancel it first.',
  alreadyCompleted: 'This upload has already been completed.',
  cancelled: 'This upload was cancelled.',
  expired: 'This upload has expired. Please upload the video again.',
  refused: 'This upload was refused. Please upload the video again.',
  notArrived: 'The video has not reached storage yet: send all of it, then complete the upload.',
  // The spec's texts (section 5 and 8) for what the server finds in storage.
  empty: 'Invalid file: Blob is missing or empty.',
  tooLarge: UPLOAD_INPUT_TEXTS.tooLarge,
  notVideo: UPLOAD_INPUT_TEXTS.invalidType,
  notifyDateInvalid: 'The notification date does not exist.',
  notifyDatePast: 'The notification date must be in the future.',
} as const;

/** Why an upload that is no longer open cannot be renewed, completed or cancelled. */
export function closedUploadText(state: VideoUploadState): string {
  switch (state) {
    case 'cancelled':
      return UPLOAD_TEXTS.cancelled;
    case 'expired':
      return UPLOAD_TEXTS.expired;
    case 'rejected':
      return UPLOAD_TEXTS.refused;
    default:
      return UPLOAD_TEXTS.alreadyCompleted;
  }
}

/** The Content-Type a playback URL declares, by the container the upload check found. */
export const PLAYBACK_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  matroska: 'video/x-matroska',
};

/** Why the review sent a video to Needs_Review (Capsule Details and the sender's mail show it). */
export const REVIEW_REASONS = {
  unreadable: 'The file could not be read as a video.',
  noPicture: 'The file has no video picture (is it a sound recording?).',
  noFrame: 'No picture could be read from the video.',
  noDuration: (minutes: number) =>
    `The video's length could not be read from the file, so it could not be checked against this capsule's ${minutes}-minute limit.`,
  /** ffmpeg could not turn it into the copy every browser plays: the sender can fix this. */
  cannotPrepare:
    'The video could not be prepared for playback: its picture or sound could not be decoded. Please export it again from your camera or phone, or record it again in the portal.',
  /** The review itself failed, every retry (storage or the tools away): a person must look. */
  notReviewed:
    'The video could not be checked because of a problem on our side. We will look at it; you may also upload it again.',
  /** The spec's words (section 5). */
  tooLong: (minutes: number) => `Video too long: Please upload a video shorter than ${minutes} minutes.`,
} as const;

/**
 * Why a stored video is not handed out (docs/decisions/027-reviewed-bytes-fixity-backups.md): only
 * bytes whose hash was recorded at review, and that no fixity check has found missing or changed
 * since, are ever served. 503: the capsule is fine, the copy is being seen to.
 */
export const KEPT_VIDEO_TEXTS = {
  damaged:
    'This video cannot be played right now: a routine check found a problem with its stored copy, and our team is restoring it. Please try again later.',
  unrecorded: 'This video is still being checked. Please try again in a few minutes.',
} as const;
