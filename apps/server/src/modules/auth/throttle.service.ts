import type { Db } from '../../db/database.js';
import type { AuthFailureScope } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { countFailuresSince, insertFailures } from './throttle.repository.js';

// Failed sign-in and code attempts are counted in the database, so every app instance sees
// the same numbers. Limits are per window and the window slides: a stranger guessing at a
// real user's account locks it for at most WINDOW_MINUTES, never for good.
/** What a failure is counted against: declared once, with the auth_failures table. */
type ThrottleScope = AuthFailureScope;

const WINDOW_MINUTES = 15;
const LIMITS: Record<ThrottleScope, number> = {
  login_account: 10,
  login_ip: 50,
  otp_account: 15,
  otp_ip: 50,
};

const TOO_MANY_ATTEMPTS = `Too many attempts. Please wait ${WINDOW_MINUTES} minutes and try again.`;

export async function assertNotThrottled(
  db: Db,
  clock: Clock,
  checks: Array<[ThrottleScope, string]>,
): Promise<void> {
  const since = new Date(clock.now().getTime() - WINDOW_MINUTES * 60_000);
  for (const [scope, key] of checks) {
    if ((await countFailuresSince(db, scope, key, since)) >= LIMITS[scope]) {
      throw new AppError('TOO_MANY', TOO_MANY_ATTEMPTS);
    }
  }
}

export async function recordFailures(db: Db, clock: Clock, entries: Array<[ThrottleScope, string]>) {
  const createdAt = clock.now();
  await insertFailures(
    db,
    entries.map(([scope, key]) => ({ scope, key, createdAt })),
  );
}
