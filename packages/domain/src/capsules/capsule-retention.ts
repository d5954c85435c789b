import { type Instant, parseInstant } from '../contacts/calendar-date.js';

/**
 * A capsule marked To_Delete keeps its video for 30 days, during which Recover Capsule brings
 * it back; then the video is purged for good (docs/server-rules.md, 'Capsule lifecycle').
 */
export const PURGE_AFTER_DAYS = 30;

/** When a capsule marked at `markedAt` is purged; null when it is not marked. */
export function purgeDueAt(markedAt: Instant | null | undefined): Date | null {
  const marked = parseInstant(markedAt);
  return marked ? marked.add(PURGE_AFTER_DAYS, 'day').toDate() : null;
}

export function isPurgeDue(markedAt: Instant | null | undefined, now: Instant): boolean {
  const due = purgeDueAt(markedAt);
  const at = parseInstant(now);
  return due !== null && at !== null && !at.isBefore(due);
}
