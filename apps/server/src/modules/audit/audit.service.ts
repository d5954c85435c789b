import {
  describeTrailEntry,
  type TrailDetails,
  type TrailEntry,
  type TrailViewer,
  visibleTo,
} from '@capsule/domain';
import type { Db } from '../../db/database.js';
import { isUuid } from '../../lib/ids.js';
import { insertTrailRows, listTrailRows, type NewTrailRow } from './audit.repository.js';

// A capsule's record (docs/server-rules.md, 'Capsule record'). The modules that decide things
// about a capsule write here in the transaction that decides them, so a decision and its record
// commit together or not at all.

/** One row of the record, written in the caller's transaction. */
export function recordTrail(db: Db, row: NewTrailRow): Promise<void> {
  return insertTrailRows(db, [row]);
}

/** Rows of many capsules' records in one statement (a delivery batch), in the caller's transaction. */
export function recordTrails(db: Db, rows: readonly NewTrailRow[]): Promise<void> {
  return insertTrailRows(db, rows);
}

export interface TrailLine extends TrailEntry {
  /** The entry in words, for this viewer. */
  text: string;
}

/** The capsule's record as this viewer may see it, oldest first (the caller checked the viewer's right). */
export async function readTrail(db: Db, capsuleId: string, viewer: TrailViewer): Promise<TrailLine[]> {
  if (!isUuid(capsuleId)) return [];
  const rows = await listTrailRows(db, capsuleId);
  return rows
    .filter((row) => visibleTo(viewer, row.event))
    .map((row) => {
      const details = (
        typeof row.details === 'object' && row.details !== null ? row.details : {}
      ) as TrailDetails;
      // The operator's name is for the sender and operators; the recipient reads the verdict.
      const shown = viewer === 'recipient' ? { ...details, operator: null } : details;
      const entry: TrailEntry = {
        at: row.at.toISOString(),
        event: row.event,
        actor: row.actor,
        details: shown,
      };
      return { ...entry, text: describeTrailEntry(entry, viewer) };
    });
}
