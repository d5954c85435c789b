import type { Instant } from '../contacts/calendar-date.js';
import { type CapsuleStatus, normaliseStatus } from './capsule-status.js';
import { isWithinEditWindow } from './edit-window.js';
import { needsDeliveryDate } from './release-condition.js';

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
  /**
   * A video that passed review is kept (a failed re-upload keeps its predecessor's). Unknown
   * (undefined) when the caller cannot tell; the status then stands for it.
   */
  hasVideo?: boolean | null;
  /** The release condition (Milestone_Date, View_Any_Time, ...) and, for a milestone, its date. */
  deliveryCriteria?: string | null;
  /** 'YYYY-MM-DD'. */
  deliveryDate?: string | null;
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
  noReviewedVideo: 'This capsule has no video that passed its review. Upload the video again first.',
  hasVideo: 'This capsule already has a video. Use Reupload Video to replace it.',
  busy: 'The video of this capsule is still being uploaded or reviewed.',
  windowClosed: 'The 10-day edit window for this capsule has closed.',
  notStored: 'Only a stored capsule can be previewed.',
  previewUsed: 'The one-time preview of this capsule has already been used.',
  notMarkedForDeletion: 'This capsule is not marked for deletion.',
  cannotRecover: 'This capsule cannot be recovered.',
  windowOpen: 'The 10-day edit window of this capsule is still open.',
  needsDeliveryDate:
    'Set a delivery date first: this capsule opens on its milestone date, so it cannot be locked without one.',
  infoFinal: 'This capsule is locked: its delivery date, category and message are final.',
  onlyMissingDate: 'This capsule is locked: only its missing delivery date can still be set.',
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

/** What a Set Capsule Info call would change; blank fields change nothing. */
interface CapsuleInfoChange {
  deliveryDate?: string | null;
  category?: string | null;
  message?: string | null;
  /** A document capsule's not-before day (the combined rule). */
  notBefore?: string | null;
}

const changes = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * Delivery date, category and message (docs/decisions/021): once there is a recipient (before
 * that, the Assign Recipient call carries them), and until the lock. Locking seals what the
 * recipient is promised, the info with the video and the recipient, with one exception: a
 * Milestone Date capsule locked without a date (possible before the lock required one) may
 * still get its missing date, once, or it could never open. Without `change`, whether
 * anything at all may be set now (the menu's Set Capsule Info).
 */
export function canSetCapsuleInfo(c: CapsuleFacts, change?: CapsuleInfoChange): Verdict {
  const status = normaliseStatus(c.status);
  const open = firstRefusal(
    [!status, CAPSULE_REFUSALS.unknownStatus],
    [status === 'To_Delete', CAPSULE_REFUSALS.markedForDeletion],
    [status === 'Pending_Recipient', CAPSULE_REFUSALS.needsRecipient],
  );
  if (!open.ok || (!isLocked(c) && !isDelivered(c))) return open;
  if (!needsDeliveryDate(c)) return refuse(CAPSULE_REFUSALS.infoFinal);
  const beyondTheDate =
    change !== undefined &&
    (changes(change.category) || changes(change.message) || changes(change.notBefore));
  return beyondTheDate ? refuse(CAPSULE_REFUSALS.onlyMissingDate) : OK;
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
    // Sealing it would leave a capsule that can never open: it waits, unlocked, for its date
    // (the sender's card asks for it), and the next sweep after the date is set locks it.
    [needsDeliveryDate(c), CAPSULE_REFUSALS.needsDeliveryDate],
  );
}

/**
 * Locking is irreversible, so it needs a video that has passed review, and
 * whatever its release condition needs to open one day: a Milestone Date capsule, its date.
 */
export function canLock(c: CapsuleFacts, now: Instant): Verdict {
  const status = normaliseStatus(c.status);
  return firstRefusal(
    [!status, CAPSULE_REFUSALS.unknownStatus],
    [status === 'To_Delete', CAPSULE_REFUSALS.markedForDeletion],
    [isLocked(c), CAPSULE_REFUSALS.alreadyLocked],
    [!hasUpload(c) || isIn(status, WITHOUT_VIDEO), CAPSULE_REFUSALS.noVideo],
    [isIn(status, BUSY), CAPSULE_REFUSALS.busy],
    // A first upload that failed review (Needs_Review) leaves nothing to seal: locked, the
    // capsule would reach its recipient with no video to play, for good.
    [c.hasVideo === false, CAPSULE_REFUSALS.noReviewedVideo],
    [!isWithinEditWindow(c.uploadDate, now), CAPSULE_REFUSALS.windowClosed],
    [needsDeliveryDate(c), CAPSULE_REFUSALS.needsDeliveryDate],
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
