import type { CapsuleFacts, Verdict } from '@capsule/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { CAPSULE_NOT_FOUND } from './capsule-rules.js';
import { type CapsuleRow, findCapsule, lockCapsule, lockCapsuleById } from './capsules.repository.js';
import { type Capsule, capsuleView } from './capsules.service.js';

// Every change to a capsule runs in one transaction holding the capsule's row lock (SELECT ...
// FOR UPDATE; docs/decisions/007): the rule reads the state the change is written on, so of two
// racing requests the second waits, sees the first one's result and is refused. A transaction
// that also locks an upload row takes the capsule's first, always.

export type Trx = Transaction<Database>;

/** What the domain's guards read of a capsule row. */
export const capsuleFacts = (row: CapsuleRow): CapsuleFacts => ({
  status: row.status,
  uploadDate: row.uploadDate,
  locked: row.lockedAt !== null,
  previewViewed: row.previewViewedAt !== null,
  deliveredAt: row.deliveredAt,
  previousStatus: row.statusBeforeDelete,
  hasVideo: row.videoBlobName !== null,
  deliveryCriteria: row.deliveryCriteria,
  deliveryDate: row.deliveryDate,
});

/** A guard's refusal is a 409 with its reason. */
export function enforce(verdict: Verdict): void {
  if (!verdict.ok) throw conflict(verdict.reason);
}

/**
 * The owner's capsule, locked, changed, and answered as it is after the change. Another user's
 * capsule, or a malformed id, is a 404 like a missing one.
 */
export async function withLockedCapsule(
  deps: AppDeps,
  ownerId: string,
  capsuleId: string,
  change: (row: CapsuleRow, trx: Trx, now: Date) => Promise<void>,
): Promise<Capsule> {
  if (!isUuid(capsuleId)) throw notFound(CAPSULE_NOT_FOUND);
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockCapsule(trx, ownerId, capsuleId);
    if (!row) throw notFound(CAPSULE_NOT_FOUND);
    await change(row, trx, deps.clock.now());
    // Still under this transaction's row lock; read with the delivery's tracking, as lists are.
    const after = await findCapsule(trx, ownerId, capsuleId);
    if (!after) throw notFound(CAPSULE_NOT_FOUND);
    // Signing the thumbnail URL makes no request: fine inside the transaction.
    return capsuleView(deps, after);
  });
}

/**
 * For the jobs: any owner's capsule, locked, then `change`. A capsule that no longer exists
 * (deleted with its owner) is nothing to do: answers undefined.
 */
export async function withLockedCapsuleById<T>(
  deps: AppDeps,
  capsuleId: string,
  change: (row: CapsuleRow, trx: Trx, now: Date) => Promise<T>,
): Promise<T | undefined> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockCapsuleById(trx, capsuleId);
    return row ? change(row, trx, deps.clock.now()) : undefined;
  });
}
