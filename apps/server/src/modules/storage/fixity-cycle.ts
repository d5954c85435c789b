// How fast the fixity sweep reads (docs/decisions/027-reviewed-bytes-fixity-backups.md): the
// hourly slice is sized so every kept blob is read once per cycle, whatever their number.

/** Every kept blob is re-read at least once in this many days: under a year, with slack for outages. */
export const FIXITY_CYCLE_DAYS = 360;
const CYCLE_HOURS = FIXITY_CYCLE_DAYS * 24;

/** How many blobs one hourly sweep reads: a million kept blobs make 116 an hour. */
export function fixityBatchSize(total: number): number {
  return Math.ceil(total / CYCLE_HOURS);
}
