import type { Db } from '../../db/database.js';
import { listCapsulesAtRisk, markPlanCapsulesToDelete } from './capsule-lapse.repository.js';

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

/** The capsules each plan's lapse would mark (the operators' console), by plan id. */
export async function capsulesAtRisk(
  db: Db,
  subscriptionIds: string[],
): Promise<Map<string, Array<{ id: string; title: string; status: string }>>> {
  const byPlan = new Map<string, Array<{ id: string; title: string; status: string }>>();
  for (const c of await listCapsulesAtRisk(db, subscriptionIds)) {
    const list = byPlan.get(c.subscriptionId ?? '') ?? [];
    list.push({ id: c.id, title: c.title, status: c.status });
    byPlan.set(c.subscriptionId ?? '', list);
  }
  return byPlan;
}
