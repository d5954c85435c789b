import type { CapsuleStatus } from '@capsule/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * One statement marks a lapsed plan's capsules To_Delete, keeping the status Recover restores.
 * Its WHERE is the rule, re-checked by PostgreSQL on each row it locks (a capsule an upload or
 * delivery changed meanwhile is judged as it is now): never a delivered capsule, never one
 * already To_Delete, not one busy with an upload or a review (their jobs would write over the
 * mark; the next daily sweep takes them once settled), and not one this lapse already marked
 * (its owner may have recovered it). Answers how many it marked.
 */
export async function markPlanCapsulesToDelete(
  db: Db,
  plan: { subscriptionId: string; lapsedSince: Date; at: Date },
): Promise<number> {
  const rows = await db
    .updateTable('capsules')
    .set({
      statusBeforeDelete: sql<CapsuleStatus>`status`,
      status: 'To_Delete',
      deleteRequestedAt: plan.at,
      lapseMarkedAt: plan.at,
      updatedAt: plan.at,
    })
    .where('subscriptionId', '=', plan.subscriptionId)
    .where('deliveredAt', 'is', null)
    .where('status', 'not in', ['To_Delete', 'Upload_In_Progress', 'Reviewing'])
    .where((eb) => eb.or([eb('lapseMarkedAt', 'is', null), eb('lapseMarkedAt', '<', plan.lapsedSince)]))
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * What the lapse sweep would mark on each plan if its grace ended now: its undelivered capsules
 * not already To_Delete (the rule of markPlanCapsulesToDelete, without the busy states, which
 * the sweep only postpones).
 */
export function listCapsulesAtRisk(db: Db, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('capsules')
    .select(['id', 'subscriptionId', 'title', 'status'])
    .where('subscriptionId', 'in', subscriptionIds)
    .where('deliveredAt', 'is', null)
    .where('status', '<>', 'To_Delete')
    .orderBy('createdAt')
    .execute();
}
