import { MAX_DECISION_REASON } from '@capsule/domain';
import { SAS_MINUTES } from '../../storage/index.js';
import { CAPSULE_NOT_FOUND } from '../capsule-rules.js';

// The server's numbers and words for received capsules and their documents. The
// release and submit rules themselves, and the dialog's file limits, are @capsule/domain's
// (received/release.ts, received/document-upload.ts).

/** Answered for a capsule the caller did not receive, sent or not: the same as a missing one. */
export const RECEIVED_NOT_FOUND = CAPSULE_NOT_FOUND;

/**
 * The playback URL (secureUrl) lives the capsule's length plus this many minutes: 15 minutes
 * for a 5-minute capsule. The player reads byte ranges while it plays, so a URL shorter than
 * the video would stop it; a longer one is a link that outlives its purpose. Without a known
 * length, 60 minutes plus the margin.
 */
export const SECURE_URL_MARGIN_MINUTES = 10;
export const SECURE_URL_DEFAULT_MINUTES = 60;

/** The recipient's write-only URL for one document blob: an image of up to 12 MB needs little. */
export const DOCUMENT_SAS_MINUTES = 15;

/** The operator's read link to a document (verification:list). */
export const DOCUMENT_LINK_MINUTES = SAS_MINUTES.read + 5;

/** Thumbnails: the same 10-minute windows as the sender's list (capsules.service.ts). */
export const RECEIVED_THUMBNAIL_SAS = { minutes: 10, alignMinutes: 10, contentType: 'image/jpeg' } as const;

export const DOCUMENT_TEXTS = {
  uploadNotFound: 'Document upload not found',
  alreadySubmitted: 'This document has already been submitted.',
  uploadClosed: 'This upload is no longer open. Please choose the document again.',
  /** The operators' CLI. */
  noReceivedCapsule: (capsuleId: string) => `No capsule ${capsuleId} has been received by anyone.`,
  alreadyDecided: 'Another operator has already decided this document.',
  nothingWaiting: (capsuleId: string) => `No document is waiting for review on capsule ${capsuleId}.`,
  reasonRequired: 'Give the reason for the rejection with --reason "..."; the recipient reads it.',
  reasonTooLong: 'The reason is too long (at most 500 characters).',
} as const;

/** A rejection's reason: the console's limit too (packages/domain, ops-inputs.ts), one rule. */
export const MAX_REJECTION_REASON = MAX_DECISION_REASON;
