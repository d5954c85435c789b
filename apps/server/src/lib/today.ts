import { calendarDateOf, EARLIEST_UTC_OFFSET_MINUTES, LATEST_UTC_OFFSET_MINUTES } from '@capsule/domain';
import type { Clock } from './clock.js';

// "Today" for calendar-date rules on the server, which serves every time zone. Each answers a
// function, read at parse time, so a schema built once never goes stale.

/** For "not in the future" (a birthday): the latest date anywhere on Earth (UTC+14). */
export const latestToday = (clock: Clock) => () => calendarDateOf(clock.now(), LATEST_UTC_OFFSET_MINUTES);

/** For "not in the past" (a delivery date): the earliest date anywhere on Earth (UTC-12). */
export const earliestToday = (clock: Clock) => () => calendarDateOf(clock.now(), EARLIEST_UTC_OFFSET_MINUTES);
