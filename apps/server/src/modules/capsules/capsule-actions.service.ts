import {
  type AssignRecipientInput,
  type CapsuleFacts,
  type CapsuleInfo,
  canAssignRecipient,
  canDeleteVideo,
  canLock,
  canRecover,
  canSetCapsuleInfo,
  checkCapsuleInfoCriteria,
  type Verdict,
} from '@capsule/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { CONTACT_NOT_FOUND, findOwnedContact } from '../contacts/index.js';
import { type CapsuleRow, lockCapsule, updateCapsule } from './capsules.repository.js';
import { CAPSULE_NOT_FOUND, type Capsule, toCapsule } from './capsules.service.js';

// Every sender action runs in one transaction holding the capsule's row lock (SELECT ... FOR
// UPDATE): the guard reads the state the change is written on, so of two racing requests
// the second waits, sees the first one's result and is refused. Rules come from
// @capsule/domain, the same functions the client uses to show the actions.

const facts = (row: CapsuleRow): CapsuleFacts => ({
  status: row.status,
  uploadDate: row.uploadDate,
  locked: row.lockedAt !== null,
  previewViewed: row.previewViewedAt !== null,
  deliveredAt: row.deliveredAt,
  previousStatus: row.statusBeforeDelete,
});

type Trx = Transaction<Database>;

async function withLockedCapsule(
  deps: AppDeps,
  ownerId: string,
  capsuleId: string,
  change: (row: CapsuleRow, trx: Trx, now: Date) => Promise<void>,
): Promise<Capsule> {
  if (!isUuid(capsuleId)) throw notFound(CAPSULE_NOT_FOUND);
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockCapsule(trx, ownerId, capsuleId);
    if (!row) throw notFound(CAPSULE_NOT_FOUND);
    const now = deps.clock.now();
    await change(row, trx, now);
    const after = await lockCapsule(trx, ownerId, capsuleId);
    if (!after) throw notFound(CAPSULE_NOT_FOUND);
    return toCapsule(after);
  });
}

function enforce(verdict: Verdict): void {
  if (!verdict.ok) throw conflict(verdict.reason);
}

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
    enforce(canAssignRecipient(facts(row)));
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

/** Delivery date (Milestone_Date capsules only), category and message; until locked. */
export function setCapsuleInfo(deps: AppDeps, ownerId: string, capsuleId: string, info: CapsuleInfo) {
  return withLockedCapsule(deps, ownerId, capsuleId, async (row, trx, now) => {
    enforce(canSetCapsuleInfo(facts(row)));
    enforce(checkCapsuleInfoCriteria(info, row.deliveryCriteria));
    await updateCapsule(trx, row.id, {
      ...(info.deliveryDate ? { deliveryDate: info.deliveryDate } : {}),
      ...(info.category ? { category: info.category } : {}),
      ...(info.message ? { message: info.message } : {}),
      updatedAt: now,
    });
  });
}

/** Irreversible: blocks re-uploads, video deletion and info changes from now on. */
export function lockMyCapsule(deps: AppDeps, ownerId: string, capsuleId: string) {
  return withLockedCapsule(deps, ownerId, capsuleId, async (row, trx, now) => {
    enforce(canLock(facts(row), now));
    await updateCapsule(trx, row.id, { lockedAt: now, updatedAt: now });
  });
}

/** Removes the video: the capsule goes back to Pending_Upload and can take a new upload. */
export function deleteCapsuleVideo(deps: AppDeps, ownerId: string, capsuleId: string) {
  return withLockedCapsule(deps, ownerId, capsuleId, async (row, trx, now) => {
    enforce(canDeleteVideo(facts(row), now));
    await updateCapsule(trx, row.id, {
      status: 'Pending_Upload',
      uploadDate: null,
      videoBlobName: null,
      videoUrl: null,
      videoThumbnailUrl: null,
      previewViewedAt: null,
      updatedAt: now,
    });
  });
}

/** To_Delete back to the status the capsule had when it was marked. */
export function recoverCapsule(deps: AppDeps, ownerId: string, capsuleId: string) {
  return withLockedCapsule(deps, ownerId, capsuleId, async (row, trx, now) => {
    const verdict = canRecover(facts(row));
    if (!verdict.ok) throw conflict(verdict.reason);
    await updateCapsule(trx, row.id, {
      status: verdict.restoreTo,
      statusBeforeDelete: null,
      deleteRequestedAt: null,
      updatedAt: now,
    });
  });
}
