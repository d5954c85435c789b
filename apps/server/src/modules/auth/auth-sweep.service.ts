import type { AppDeps } from '../../deps.js';
import { addMinutes } from '../../lib/clock.js';
import { deleteSessionsExpiredBefore } from './session.repository.js';
import { deleteFailuresBefore } from './throttle.repository.js';

// Sessions and sign-in failures are rows that nothing else removes: a session ended by its
// idle or age limit stays until its expiry, and failures are only ever counted over the last
// window. Left alone both tables grow with every sign-in for the life of the service.

/** Rows per statement: a sweep never holds many row locks at once, nor one long transaction. */
const BATCH = 5_000;

/**
 * Failures are kept a day, far past the throttle's 15-minute window, so an attack can still be
 * looked at the morning after.
 */
const FAILURES_KEPT_MINUTES = 24 * 60;

/**
 * Deletes every session past its expiry (resolveSession refuses those already; a one-time code
 * row keeps its resend count, its session_id set to null) and the failures older than a day.
 */
export async function sweepEndedSessions(
  deps: Pick<AppDeps, 'db' | 'clock'>,
): Promise<{ sessions: number; failures: number }> {
  const now = deps.clock.now();
  const sessions = await deleteInBatches((limit) => deleteSessionsExpiredBefore(deps.db, now, limit));
  const failures = await deleteInBatches((limit) =>
    deleteFailuresBefore(deps.db, addMinutes(now, -FAILURES_KEPT_MINUTES), limit),
  );
  return { sessions, failures };
}

async function deleteInBatches(deleteUpTo: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteUpTo(BATCH);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}
