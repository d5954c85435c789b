// The auth module's public face: sessions, the guards and the sign-in throttle. Other modules
// and the app's plumbing (plugins/session.ts, trpc/init.ts) import from here, never from a
// file inside (docs/decisions/008-modules-own-their-tables.md). Auth depends on users and
// terms; neither of them may depend on auth.
export { sweepEndedSessions } from './auth-sweep.service.js';
export { memberOrNull, requireMember, requireOperator, requireSession, requireVerified } from './guards.js';
export { endSession, type IssuedSession, resolveSession, startSession } from './session.service.js';
export type { RequestSession } from './session.types.js';
export {
  assertNotThrottled,
  recordFailures,
} from './throttle.service.js';
