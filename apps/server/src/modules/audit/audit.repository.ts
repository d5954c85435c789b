import type { TrailActor, TrailDetails, TrailEvent } from '@capsule/domain';
import type { Db } from '../../db/database.js';

// The capsule_trail table (migration 0022): rows are only ever inserted and read here; the
// database refuses any change or deletion.

export interface NewTrailRow {
  capsuleId: string;
  at: Date;
  event: TrailEvent;
  actor: TrailActor;
  actorId?: string | null;
  details: TrailDetails;
}

export async function insertTrailRows(db: Db, rows: readonly NewTrailRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('capsuleTrail')
    .values(
      rows.map((row) => ({
        capsuleId: row.capsuleId,
        at: row.at,
        event: row.event,
        actor: row.actor,
        actorId: row.actorId ?? null,
        details: JSON.stringify(row.details),
      })),
    )
    .execute();
}

/** The capsule's rows in the order they were written. */
export function listTrailRows(db: Db, capsuleId: string) {
  return db
    .selectFrom('capsuleTrail')
    .select(['at', 'event', 'actor', 'actorId', 'details'])
    .where('capsuleId', '=', capsuleId)
    .orderBy('id')
    .execute();
}
