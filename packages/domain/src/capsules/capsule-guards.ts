import type { Instant } from '../contacts/calendar-date.js';
import { type CapsuleStatus, normaliseStatus } from './capsule-status.js';
import { isWithinEditWindow } from './edit-window.js';

// Server-side transition guards (docs/server-rules.md, 'Capsule lifecycle'). Each answers ok
// or the reason it refuses; the server answers 409 with the reason, and capsuleActions uses
// the same guards so the client never offers what the server would refuse.

/** What the rules read of a capsule; field names match the camelCase domain capsule. */
export interface CapsuleFacts {
  status: string;
  uploadDate?: Instant | null;
  locked?: boolean | null;
  previewViewed?: boolean | null;
  deliveredAt?: Instant | null;
  /** The status before To_Delete, which Recover restores. */
  previousStatus?: string | null;
}

export type Verdict = { ok: true } | { ok: false; reason: string };

export const CAPSULE_REFUSALS = {
  unknownStatus: 'This capsule is in an unknown state.',
  markedForDeletion: 'This capsule is marked for deletion. Recover it first.',
  hasRecipient: 'This capsule already has a recipient.',
  needsRecipient: 'Assign a recipient to this capsule first.',
  locked: 'This capsule is locked.',
  alreadyLocked: 'This capsule is already locked.',
  delivered: 'This capsule has already been delivered.',
  noVideo: 'This capsule has no uploaded video.',
  hasVideo: 'This capsule already has a video. Use Reupload Video to replace it.',
  busy: 'The video of this capsule is still being uploaded or reviewed.',
  windowClosed: 'The 10-day edit window for this capsule has closed.',
  notStored: 'Only a stored capsule can be previewed.',
  previewUsed: 'The one-time preview of this capsule has already been used.',
  notMarkedForDeletion: 'This capsule is not marked for deletion.',
  cannotRecover: 'This capsule cannot be recovered.',
  windowOpen: 'The 10-day edit window of this capsule is still open.',
} as const;

const OK: Verdict = { ok: true };
const refuse = (reason: string): Verdict => ({ ok: false, reason });

// The video is on its way in or being checked: nothing may touch it until that ends.
const BUSY: readonly CapsuleStatus[] = ['Upload_In_Progress', 'Reviewing'];
// Statuses in which the capsule holds no video, whatever an old upload date says.
const WITHOUT_VIDEO: readonly CapsuleStatus[] = ['Pending_Recipient', 'Pending_Upload'];
// A video that came through review: what the 10-day sweep locks.
const STORED: readonly CapsuleStatus[] = ['Sent', 'Processed'];

/** Runs the checks in order; the first refusal wins. */
function firstRefusal(...checks: [failed: boolean, reason: string][]): Verdict {
  const hit = checks.find(([failed]) => failed);
  return hit ? refuse(hit[1]) : OK;
}

const isIn = (status: CapsuleStatus | null, list: readonly CapsuleStatus[]) =>
  status !== null && list.includes(status);
const isLocked = (c: CapsuleFacts) => c.locked === true;
const given = (value: Instant | null | undefined) => value !== null && value !== undefined && value !== '';
const isDelivered = (c: CapsuleFacts) => given(c.deliveredAt);
const hasUpload = (c: CapsuleFacts) => given(c.uploadDate);

/** Assigning is permanent: only a capsule still waiting for its recipient. */
export function canAssignRecipient(c: CapsuleFacts): Verdict {
  const status = normaliseStatus(c.status);
  return firstRefusal(
    [!status, CAPSULE_REFUSALS.unknownStatus],
    [status === 'To_Delete', CAPSULE_REFUSALS.markedForDeletion],
    [status !== 'Pending_Recipient', CAPSULE_REFUSALS.hasRecipient],
  );
}

/**
 * Delivery date, category and message: once there is a recipient (before that, the Assign
 * Recipient call carries them), until the capsule is locked or delivered.
 */
export function canSetCapsuleInfo(c: CapsuleFacts): Verdict {
  const status = normaliseStatus(c.status);
  return firstRefusal(
    [!status, CAPSULE_REFUSALS.unknownStatus],
    [status === 'To_Delete', CAPSULE_REFUSALS.markedForDeletion],
    [status === 'Pending_Recipient', CAPSULE_REFUSALS.needsRecipient],
    [isLocked(c), CAPSULE_REFUSALS.locked],
    [isDelivered(c), CAPSULE_REFUSALS.delivered],
  );
}

/** The first upload: only from Pending_Upload. */
export function canUploadVideo(c: CapsuleFacts): Verdict {
  const status = normaliseStatus(c.status);
  return firstRefusal(
    [!status, CAPSULE_REFUSALS.unknownStatus],
    [status === 'To_Delete', CAPSULE_REFUSALS.markedForDeletion],
    [status === 'Pending_Recipient', CAPSULE_REFUSALS.needsRecipient],
    [isLocked(c), CAPSULE_REFUSALS.locked],
    [isIn(status, BUSY), CAPSULE_REFUSALS.busy],
    [status !== 'Pending_Upload', CAPSULE_REFUSALS.hasVideo],
  );
}

/**
 * Replacing the video (spec section 4): an upload date, not locked, not busy, within the
 * window; and, beyond the spec's client rule, never once delivered or marked for deletion.
 */
export function canReuploadVideo(c: CapsuleFacts, now: Instant): Verdict {
  const status = normaliseStatus(c.status);
  return firstRefusal(
    [!status, CAPSULE_REFUSALS.unknownStatus],
    [status === 'To_Delete', CAPSULE_REFUSALS.markedForDeletion],
    [status === 'Pending_Recipient', CAPSULE_REFUSALS.needsRecipient],
    [isLocked(c), CAPSULE_REFUSALS.locked],
    [isDelivered(c), CAPSULE_REFUSALS.delivered],
    [!hasUpload(c), CAPSULE_REFUSALS.noVideo],
    [isIn(status, BUSY), CAPSULE_REFUSALS.busy],
    [!isWithinEditWindow(c.uploadDate, now), CAPSULE_REFUSALS.windowClosed],
  );
}

/**
 * Issuing an upload slot: the first upload from Pending_Upload, else a re-upload (the spec's
 * Upload Video and Reupload Video), each with its own reason when refused.
 */
export function canStartUpload(c: CapsuleFacts, now: Instant): Verdict {
  return normaliseStatus(c.status) === 'Pending_Upload' ? canUploadVideo(c) : canReuploadVideo(c, now);
}

/**
 * The sweep's lock, once the 10-day window has closed (spec section 4: 'After 10 days from
 * upload the video is locked'): the manual lock's write on a stored video, with the window
 * reversed. A video that failed review (Needs_Review) is left for a person to look at:
 * sealing it unattended would deliver a video known to be wrong.
 */
export function canAutoLock(c: CapsuleFacts, now: Instant): Verdict {
  const status = normaliseStatus(c.status);
  return firstRefusal(
    [!status, CAPSULE_REFUSALS.unknownStatus],
    [status === 'To_Delete', CAPSULE_REFUSALS.markedForDeletion],
    [isLocked(c), CAPSULE_REFUSALS.alreadyLocked],
    [!hasUpload(c) || !isIn(status, STORED), CAPSULE_REFUSALS.noVideo],
    [isWithinEditWindow(c.uploadDate, now), CAPSULE_REFUSALS.windowOpen],
  );
}

/** Locking is irreversible, so it needs a video that has come through upload and review. */
export function canLock(c: CapsuleFacts, now: Instant): Verdict {
  const status = normaliseStatus(c.status);
  return firstRefusal(
    [!status, CAPSULE_REFUSALS.unknownStatus],
    [status === 'To_Delete', CAPSULE_REFUSALS.markedForDeletion],
    [isLocked(c), CAPSULE_REFUSALS.alreadyLocked],
    [!hasUpload(c) || isIn(status, WITHOUT_VIDEO), CAPSULE_REFUSALS.noVideo],
    [isIn(status, BUSY), CAPSULE_REFUSALS.busy],
    [!isWithinEditWindow(c.uploadDate, now), CAPSULE_REFUSALS.windowClosed],
  );
}

/** Deleting the video (the menu's Delete Capsule) sends the capsule back to Pending_Upload. */
export function canDeleteVideo(c: CapsuleFacts, now: Instant): Verdict {
  const status = normaliseStatus(c.status);
  return firstRefusal(
    [!status, CAPSULE_REFUSALS.unknownStatus],
    [status === 'To_Delete', CAPSULE_REFUSALS.markedForDeletion],
    [isLocked(c), CAPSULE_REFUSALS.locked],
    [isDelivered(c), CAPSULE_REFUSALS.delivered],
    [!hasUpload(c) || isIn(status, WITHOUT_VIDEO), CAPSULE_REFUSALS.noVideo],
    [isIn(status, BUSY), CAPSULE_REFUSALS.busy],
    [!isWithinEditWindow(c.uploadDate, now), CAPSULE_REFUSALS.windowClosed],
  );
}

/** The one-time preview: a stored (Sent) capsule, not yet previewed. */
export function canPreview(c: CapsuleFacts): Verdict {
  return firstRefusal(
    [normaliseStatus(c.status) !== 'Sent', CAPSULE_REFUSALS.notStored],
    [c.previewViewed === true, CAPSULE_REFUSALS.previewUsed],
  );
}

/** Recover restores the status the capsule had before it was marked To_Delete. */
export function canRecover(
  c: CapsuleFacts,
): { ok: true; restoreTo: CapsuleStatus } | { ok: false; reason: string } {
  if (normaliseStatus(c.status) !== 'To_Delete')
    return { ok: false, reason: CAPSULE_REFUSALS.notMarkedForDeletion };
  const previous = normaliseStatus(c.previousStatus);
  if (!previous || previous === 'To_Delete') return { ok: false, reason: CAPSULE_REFUSALS.cannotRecover };
  return { ok: true, restoreTo: previous };
}
