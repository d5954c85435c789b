import type { Db } from '../../db/database.js';
import { markPlanCapsulesToDelete } from './capsule-lapse.repository.js';

/**
 * A storage plan whose grace ended (commerce's lapse sweep, in its transaction): the plan's
 * undelivered capsules become To_Delete, as a sender's deletion mark does, so the 30-day
 * Recover window and the purge after it apply unchanged (docs/decisions/010, 011). Delivered
 * capsules are never touched. Answers how many were marked.
 */
export function markLapsedPlanCapsules(
  trx: Db,
  plan: { subscriptionId: string; lapsedSince: Date; at: Date },
): Promise<number> {
  return markPlanCapsulesToDelete(trx, plan);
}
