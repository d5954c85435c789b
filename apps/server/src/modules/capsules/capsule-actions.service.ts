import {
  type AssignRecipientInput,
  type CapsuleInfo,
  canAssignRecipient,
  canDeleteVideo,
  canLock,
  canRecover,
  canSetCapsuleInfo,
  checkCapsuleInfoCriteria,
} from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { CONTACT_NOT_FOUND, findOwnedContact } from '../contacts/index.js';
import { capsuleFacts, enforce, type Trx, withLockedCapsule } from './capsule-transaction.js';
import { type CapsuleRow, updateCapsule } from './capsules.repository.js';
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
    enforce(canSetCapsuleInfo(capsuleFacts(row), info));
    await updateCapsule(trx, row.id, {
      ...(info.deliveryDate ? { deliveryDate: info.deliveryDate } : {}),
      ...(info.category ? { category: info.category } : {}),
      ...(info.message ? { message: info.message } : {}),
      updatedAt: now,
    });
  });
}

/**
 * What locking writes, by the sender's hand or by the 10-day sweep alike (capsule-sweeps.service.ts):
 * whatever follows a lock hangs on this one function. The delivery becomes due (delivery/delivery-rules.ts:
 * at lock, or at the custom notification instant of the accepted upload), and a delivery due now
 * is swept at once (capsules.deliver, sent in this transaction) instead of at the next minute.
 */
export async function writeLock(deps: AppDeps, trx: Trx, row: CapsuleRow, now: Date): Promise<void> {
  const upload = row.videoUploadId ? await findUpload(trx, row.videoUploadId) : undefined;
  const dueAt = dueAtOnLock(upload, now);
  await updateCapsule(trx, row.id, { lockedAt: now, dueAt, deliveryCheckAt: dueAt, updatedAt: now });
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
    await writeLock(deps, trx, dated, now);
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
