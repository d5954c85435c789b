import {
  type AssignRecipientInput,
  birthdayRuleDate,
  type CapsuleInfo,
  canAssignRecipient,
  canDeleteVideo,
  canLock,
  canRecover,
  canSetCapsuleInfo,
  checkCapsuleInfoCriteria,
  deliveryDateAllowed,
} from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { earliestToday } from '../../lib/today.js';
import { recordTrail } from '../audit/index.js';
import { CONTACT_NOT_FOUND, findOwnedContact } from '../contacts/index.js';
import { followBirthday } from './birthday-rule.service.js';
import { capsuleFacts, enforce, type Trx, withLockedCapsule } from './capsule-transaction.js';
import { type CapsuleRow, findCapsuleById, updateCapsule } from './capsules.repository.js';
import { requestDeliverySweep } from './delivery/delivery.service.js';
import { dueAtOnLock } from './delivery/delivery-rules.js';
import { scheduleBlobCleanup } from './video/capsule-blobs.service.js';
import { discardFinishedUploadBlobs, findUpload } from './video/video-uploads.repository.js';

// The sender's actions on a capsule, each under the capsule's row lock (capsule-transaction.ts).
// Rules come from @capsule/domain, the same functions the client uses to show the actions.

/**
 * Permanent: the capsule keeps its own copy of the contact's name, e-mail and birthday, so a
 * later edit or deletion of the contact never changes who receives it.
 */
export function assignRecipient(
  deps: AppDeps,
  ownerId: string,
  capsuleId: string,
  input: AssignRecipientInput,
) {
  return withLockedCapsule(deps, ownerId, capsuleId, async (row, trx, now) => {
    enforce(canAssignRecipient(capsuleFacts(row)));
    enforce(checkCapsuleInfoCriteria(input.info, row.deliveryCriteria));
    const contact = await findOwnedContact(trx, ownerId, input.contactId);
    if (!contact) throw notFound(CONTACT_NOT_FOUND);
    await updateCapsule(trx, row.id, {
      status: 'Pending_Upload',
      contactId: contact.id,
      recipientName: contact.fullName,
      recipientEmail: contact.email,
      recipientBirthday: contact.birthday,
      recipientAssignedAt: now,
      ...(input.info.deliveryDate ? { deliveryDate: input.info.deliveryDate } : {}),
      ...(input.info.category ? { category: input.info.category } : {}),
      ...(input.info.message ? { message: input.info.message } : {}),
      updatedAt: now,
    });
  });
}

/**
 * Delivery date (Milestone_Date capsules only), category and message; until locked, and after
 * the lock only a missing date (canSetCapsuleInfo; docs/decisions/021).
 */
export function setCapsuleInfo(deps: AppDeps, ownerId: string, capsuleId: string, info: CapsuleInfo) {
  return withLockedCapsule(deps, ownerId, capsuleId, async (row, trx, now) => {
    enforce(checkCapsuleInfoCriteria(info, row.deliveryCriteria));
    // The birthday rule gives the day (birthday-rule.ts): a Milestone Date capsule's delivery
    // date, a document capsule's not-before day. A day chosen ends the rule.
    const birthday = typeof info.birthdayAge === 'number' ? await recipientBirthday(trx, row) : null;
    const ruleDay =
      typeof info.birthdayAge === 'number' ? birthdayDate(deps, row, birthday, info.birthdayAge) : null;
    const dated = deliveryDateAllowed(row.deliveryCriteria);
    const deliveryDate = dated ? (ruleDay ?? info.deliveryDate) : info.deliveryDate;
    const notBefore = dated ? null : (ruleDay ?? info.notBefore ?? null);
    enforce(canSetCapsuleInfo(capsuleFacts(row), { ...info, deliveryDate, notBefore }));
    await updateCapsule(trx, row.id, {
      ...(deliveryDate ? { deliveryDate, birthdayAge: info.birthdayAge ?? null } : {}),
      ...(notBefore ? { notBeforeDate: notBefore, birthdayAge: info.birthdayAge ?? null } : {}),
      ...(birthday ? { recipientBirthday: birthday } : {}),
      ...(info.category ? { category: info.category } : {}),
      ...(info.message ? { message: info.message } : {}),
      updatedAt: now,
    });
  });
}

/**
 * The recipient's birthday as the sender's contact has it now (a birthday added after the
 * assignment counts), else the capsule's own copy.
 */
async function recipientBirthday(trx: Trx, row: CapsuleRow): Promise<string | null> {
  const contact = row.contactId ? await findOwnedContact(trx, row.ownerId, row.contactId) : undefined;
  return contact?.birthday ?? row.recipientBirthday;
}

/** The recipient's Nth birthday, or the 409 saying why not. */
function birthdayDate(deps: AppDeps, row: CapsuleRow, birthday: string | null, age: number): string {
  const rule = birthdayRuleDate(
    { name: row.recipientName ?? '', birthday },
    age,
    earliestToday(deps.clock)(),
  );
  if (!rule.ok) throw conflict(rule.reason);
  return rule.date;
}

/**
 * What locking writes, by the sender's hand or by the 10-day sweep alike (capsule-sweeps.service.ts):
 * whatever follows a lock hangs on this one function. The delivery becomes due (delivery/delivery-rules.ts:
 * at lock, or at the custom notification instant of the accepted upload), and a delivery due now
 * is swept at once (capsules.deliver, sent in this transaction) instead of at the next minute.
 */
export async function writeLock(
  deps: AppDeps,
  trx: Trx,
  row: CapsuleRow,
  now: Date,
  by: 'sender' | 'system',
): Promise<void> {
  // The birthday rule's date, once more from the contact's birthday: the lock freezes it.
  await followBirthday(deps, trx, row, now);
  const after = row.birthdayAge === null ? row : ((await findCapsuleById(trx, row.id)) ?? row);
  const upload = row.videoUploadId ? await findUpload(trx, row.videoUploadId) : undefined;
  const dueAt = dueAtOnLock(upload, now);
  await updateCapsule(trx, row.id, { lockedAt: now, dueAt, deliveryCheckAt: dueAt, updatedAt: now });
  // The release rule as it is fixed from now on.
  await recordTrail(trx, {
    capsuleId: row.id,
    at: now,
    event: 'locked',
    actor: by,
    actorId: by === 'sender' ? row.ownerId : null,
    details: {
      rule: row.deliveryCriteria,
      deliveryDate: after.deliveryDate,
      birthdayAge: after.birthdayAge,
      notBefore: after.notBeforeDate,
      dueAt: dueAt.toISOString(),
    },
  });
  if (dueAt <= now) await requestDeliverySweep(deps, trx);
}

/**
 * Irreversible: blocks re-uploads, video deletion and info changes from now on. A Milestone
 * Date capsule is locked only with its date: the one it has, or `deliveryDate`, set here with
 * the lock (the Lock dialog asks for it), both or neither.
 */
export function lockMyCapsule(
  deps: AppDeps,
  ownerId: string,
  capsuleId: string,
  deliveryDate: string | null = null,
) {
  return withLockedCapsule(deps, ownerId, capsuleId, async (row, trx, now) => {
    if (deliveryDate) {
      const info = { deliveryDate };
      enforce(checkCapsuleInfoCriteria(info, row.deliveryCriteria));
      enforce(canSetCapsuleInfo(capsuleFacts(row), info));
    }
    const dated = deliveryDate ? { ...row, deliveryDate } : row;
    enforce(canLock(capsuleFacts(dated), now));
    if (deliveryDate) await updateCapsule(trx, row.id, { deliveryDate, updatedAt: now });
    await writeLock(deps, trx, dated, now, 'sender');
  });
}

/**
 * Removes the video: the capsule goes back to Pending_Upload and can take a new upload. Every
 * blob of its uploads goes too, by a job sent in this transaction (deleted even if storage is
 * briefly away).
 */
export function deleteCapsuleVideo(deps: AppDeps, ownerId: string, capsuleId: string) {
  return withLockedCapsule(deps, ownerId, capsuleId, async (row, trx, now) => {
    enforce(canDeleteVideo(capsuleFacts(row), now));
    await updateCapsule(trx, row.id, {
      status: 'Pending_Upload',
      uploadDate: null,
      videoBlobName: null,
      videoThumbnailBlobName: null,
      videoRenditionBlobName: null,
      videoRenditionSha256: null,
      videoUploadId: null,
      videoUrl: null,
      videoThumbnailUrl: null,
      previewViewedAt: null,
      reviewNote: null,
      updatedAt: now,
    });
    const discarded = await discardFinishedUploadBlobs(trx, row.id, now);
    await scheduleBlobCleanup(deps, trx, row.id, discarded, now);
  });
}

/** To_Delete back to the status the capsule had when it was marked. */
export function recoverCapsule(deps: AppDeps, ownerId: string, capsuleId: string) {
  return withLockedCapsule(deps, ownerId, capsuleId, async (row, trx, now) => {
    const verdict = canRecover(capsuleFacts(row));
    if (!verdict.ok) throw conflict(verdict.reason);
    await updateCapsule(trx, row.id, {
      status: verdict.restoreTo,
      statusBeforeDelete: null,
      deleteRequestedAt: null,
      updatedAt: now,
    });
  });
}
