import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

// Calendar dates ('YYYY-MM-DD': birthdays, delivery dates) and instants (upload dates, now)
// are shared by contacts and capsules. Everything is read in UTC, as the display rules do
// (spec section 5): a zone-less string is a UTC value, never local time.

/** A moment: a Date, epoch milliseconds or an ISO string (zone-less means UTC). */
export type Instant = Date | string | number;

/**
 * Where "today" comes from in a schema: a fixed 'YYYY-MM-DD' (tests, one request) or a
 * function read at parse time, so one schema built at start-up never goes stale.
 */
export type TodaySource = string | (() => string);

export const resolveToday = (today: TodaySource): string => (typeof today === 'function' ? today() : today);

// The zones furthest ahead of and behind UTC. The server cannot know the user's own date,
// so a "not in the future" check uses the date at UTC+14 (nobody is refused their today),
// and a "not in the past" check uses the date at UTC-12.
export const LATEST_UTC_OFFSET_MINUTES = 14 * 60;
export const EARLIEST_UTC_OFFSET_MINUTES = -12 * 60;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant read in UTC; null for empty or unparseable input. */
export function parseInstant(value: Instant | null | undefined): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs.utc(value);
  return parsed.isValid() ? parsed : null;
}

/** True for a 'YYYY-MM-DD' string naming a real day (no 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  // dayjs rolls 02-30 over to 03-02, so a real day is one that formats back to itself.
  return DATE_ONLY.test(value) && dayjs.utc(value).format('YYYY-MM-DD') === value;
}

/** The calendar date of an instant at a UTC offset (minutes; the browser passes its own). */
export function calendarDateOf(instant: Instant, offsetMinutes = 0): string {
  return dayjs.utc(instant).add(offsetMinutes, 'minute').format('YYYY-MM-DD');
}

/** The browser's own calendar date: what "today" means on a form. */
export function localCalendarDate(now: Date): string {
  return calendarDateOf(now, -now.getTimezoneOffset());
}

/** Compares two 'YYYY-MM-DD' dates: negative, 0 or positive like a sort comparator. */
export function compareCalendarDates(a: string, b: string): number {
  const left = dayjs.utc(a);
  const right = dayjs.utc(b);
  if (left.isBefore(right, 'day')) return -1;
  return left.isAfter(right, 'day') ? 1 : 0;
}

export function addYears(date: string, years: number): string {
  return dayjs.utc(date).add(years, 'year').format('YYYY-MM-DD');
}
