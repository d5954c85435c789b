// Wall clocks in named time zones, with the platform's own tz database (Intl): the custom
// notification is chosen as 'YYYY-MM-DDTHH:mm' in one of the spec's zones, and the delivery
// needs the instant.

const PARTS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

/** What a wall clock in `timeZone` shows at `instant`, as if it were UTC (ms). */
function wallClockAsUtc(instant: number, timeZone: string): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const value = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  ) as Record<(typeof PARTS)[number], number>;
  return Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute, value.second);
}

/**
 * The instant a wall clock ('YYYY-MM-DDTHH:mm[:ss]') shows in `timeZone`. A time the spring
 * change skips reads an hour later (02:30 as 03:30); one the autumn change repeats, as its
 * second occurrence. Null for a date or time that does not exist (Feb 30, 24:00).
 */
export function zonedWallClockToInstant(wallClock: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(wallClock);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d! || h! > 23 || mi! > 59 || (s ?? 0) > 59) {
    return null;
  }
  // Two passes find the offset in force at that wall clock, across a change of offset.
  let instant = asUtc - (wallClockAsUtc(asUtc, timeZone) - asUtc);
  instant = asUtc - (wallClockAsUtc(instant, timeZone) - instant);
  return new Date(instant);
}

/** The wall clock 'YYYY-MM-DDTHH:mm' that `instant` shows in `timeZone`. */
export function instantToZonedWallClock(instant: Date, timeZone: string): string {
  return new Date(wallClockAsUtc(instant.getTime(), timeZone)).toISOString().slice(0, 16);
}
