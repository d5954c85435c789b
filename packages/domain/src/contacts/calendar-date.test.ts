import { describe, expect, it } from 'vitest';
import {
  addYears,
  calendarDateOf,
  compareCalendarDates,
  EARLIEST_UTC_OFFSET_MINUTES,
  isCalendarDate,
  LATEST_UTC_OFFSET_MINUTES,
  localCalendarDate,
  parseInstant,
  resolveToday,
} from './calendar-date.js';

describe('isCalendarDate', () => {
  it('accepts real days in YYYY-MM-DD', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('1900-01-01')).toBe(true);
  });
  it.each(['2023-02-29', '2026-04-31', '2026-13-01', '2026-1-5', '2026-11-23T00:00:00Z', '', 'soon'])(
    'refuses %s',
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
    },
  );
});

describe('calendarDateOf', () => {
  const instant = '2026-11-23T23:30:00Z';
  it('gives the UTC date by default', () => {
    expect(calendarDateOf(instant)).toBe('2026-11-23');
    expect(calendarDateOf(new Date(Date.UTC(2026, 0, 1, 0, 0)))).toBe('2026-01-01');
  });
  it('moves to another zone by its offset in minutes, small offsets included', () => {
    expect(calendarDateOf(instant, LATEST_UTC_OFFSET_MINUTES)).toBe('2026-11-24');
    expect(calendarDateOf('2026-11-23T05:00:00Z', EARLIEST_UTC_OFFSET_MINUTES)).toBe('2026-11-22');
    expect(calendarDateOf(instant, 15)).toBe('2026-11-23');
    expect(calendarDateOf(instant, 30)).toBe('2026-11-24');
  });
  it("gives the browser's own date", () => {
    const now = new Date();
    const expected = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(localCalendarDate(now)).toBe(expected);
  });
});

describe('compareCalendarDates, addYears, parseInstant, resolveToday', () => {
  it('compares days', () => {
    expect(compareCalendarDates('2026-01-01', '2026-01-02')).toBe(-1);
    expect(compareCalendarDates('2026-01-02', '2026-01-02')).toBe(0);
    expect(compareCalendarDates('2027-01-01', '2026-12-31')).toBe(1);
  });
  it('adds years, keeping 29 February on a leap year', () => {
    expect(addYears('2026-11-23', 1200)).toBe('3226-11-23');
    expect(addYears('2024-02-29', 1200)).toBe('3224-02-29');
  });
  it('reads instants in UTC and refuses nonsense', () => {
    expect(parseInstant('2026-11-23')?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(parseInstant('2026-11-23T10:00:00+02:00')?.toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(parseInstant('')).toBeNull();
    expect(parseInstant(null)).toBeNull();
    expect(parseInstant('nope')).toBeNull();
  });
  it('reads today from a string or a function', () => {
    expect(resolveToday('2026-11-23')).toBe('2026-11-23');
    expect(resolveToday(() => '2026-11-24')).toBe('2026-11-24');
  });
});
