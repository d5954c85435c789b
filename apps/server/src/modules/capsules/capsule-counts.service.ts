import type { Db } from '../../db/database.js';
import { countOwnedByStatus, countReceivedBy } from './capsule-counts.repository.js';

export interface CapsuleCounts {
  /** Status → how many of their own capsules are in it. */
  owned: Record<string, number>;
  received: number;
}

/** Per user: their capsules by status and how many they received (numbers only). */
export async function capsuleCountsOf(db: Db, userIds: string[]): Promise<Map<string, CapsuleCounts>> {
  const [owned, received] = await Promise.all([
    countOwnedByStatus(db, userIds),
    countReceivedBy(db, userIds),
  ]);
  const counts = new Map<string, CapsuleCounts>(userIds.map((id) => [id, { owned: {}, received: 0 }]));
  for (const row of owned) {
    const entry = counts.get(row.ownerId);
    if (entry) entry.owned[row.status] = Number(row.n);
  }
  for (const row of received) {
    const entry = counts.get(row.userId);
    if (entry) entry.received = Number(row.n);
  }
  return counts;
}
