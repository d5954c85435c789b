// When the pusher tries a record again after a failed push: the wait grows from a minute to
// 12 hours, and after the last try the record is failed for good (`admin sync:status` lists it,
// `sync:retry` puts it back).

/** Tries before a record is failed for good. */
export const MAX_ATTEMPTS = 8;
/** The wait after the first, second, ... failed try; the last one holds for the rest. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 3 * 60, 6 * 60, 12 * 60];

/** Minutes to wait after a record's `attempts`-th failed try. */
export function backoffMinutes(attempts: number): number {
  return BACKOFF_MINUTES[Math.min(attempts, BACKOFF_MINUTES.length) - 1] ?? 1;
}
