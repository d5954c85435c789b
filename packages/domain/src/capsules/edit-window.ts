import { type Instant, parseInstant } from '../contacts/calendar-date.js';

/**
 * Re-upload, delete video and lock are open for 10 days after the upload (spec section 9).
 * The window is measured in exact time, in UTC: it closes 10 x 24 hours after the upload
 * instant, and that closing instant is still inside (day 9 and exactly 10 days: open;
 * 10 days and a millisecond, day 11: closed). A later upload (a re-upload) restarts it.
 */
export const EDIT_WINDOW_DAYS = 10;

/** The last instant of the edit window; null when nothing is uploaded. */
export function editWindowEndsAt(uploadDate: Instant | null | undefined): Date | null {
  const uploaded = parseInstant(uploadDate);
  return uploaded ? uploaded.add(EDIT_WINDOW_DAYS, 'day').toDate() : null;
}

export function isWithinEditWindow(uploadDate: Instant | null | undefined, now: Instant): boolean {
  const uploaded = parseInstant(uploadDate);
  const at = parseInstant(now);
  if (!uploaded || !at) return false;
  return !at.isAfter(uploaded.add(EDIT_WINDOW_DAYS, 'day'));
}

/**
 * Whole days left in the window: 10 minus the full days since upload, floored at 0 (spec
 * section 4, received side). Null when nothing is uploaded.
 */
export function editDaysLeft(uploadDate: Instant | null | undefined, now: Instant): number | null {
  const uploaded = parseInstant(uploadDate);
  const at = parseInstant(now);
  if (!uploaded || !at) return null;
  return Math.max(0, EDIT_WINDOW_DAYS - Math.max(0, at.diff(uploaded, 'day')));
}
