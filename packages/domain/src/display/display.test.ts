import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.js';
import { initials } from './initials.js';

describe('initials', () => {
  it('takes the first two letters of a single word, upper-cased', () => {
    expect(initials('madonna')).toBe('MA');
  });
  it('takes the first and last initials of several words', () => {
    expect(initials('ada king lovelace')).toBe('AL');
    expect(initials('  Grace   Hopper ')).toBe('GH');
  });
  it("answers '?' for an empty or missing name", () => {
    expect(initials('')).toBe('?');
    expect(initials('   ')).toBe('?');
    expect(initials(null)).toBe('?');
  });
  it('keeps a one-letter name as is', () => {
    expect(initials('q')).toBe('Q');
  });
});

describe('formatDate', () => {
  it("shows 'Not set' for empty values", () => {
    expect(formatDate(null)).toBe('Not set');
    expect(formatDate(undefined)).toBe('Not set');
    expect(formatDate('')).toBe('Not set');
  });
  it("shows 'Invalid date' for an unparseable value", () => {
    expect(formatDate('not a date')).toBe('Invalid date');
  });
  it('shows a short US-style date', () => {
    expect(formatDate('2026-11-23T15:00:00Z')).toBe('Nov 23, 2026');
  });
  it('treats a date-only or zone-less string as UTC, not local time', () => {
    // Just after midnight UTC is still the previous day in America: it must not shift.
    expect(formatDate('2027-01-01')).toBe('Jan 1, 2027');
    expect(formatDate('2027-01-01T00:30:00')).toBe('Jan 1, 2027');
  });
  it('converts a zoned string to UTC', () => {
    expect(formatDate('2027-01-01T23:30:00-05:00')).toBe('Jan 2, 2027');
  });
  it('accepts Date objects', () => {
    expect(formatDate(new Date(Date.UTC(2030, 5, 15, 12)))).toBe('Jun 15, 2030');
  });
});
