import { describe, expect, it } from 'vitest';
import { EDIT_WINDOW_DAYS, editDaysLeft, editWindowEndsAt, isWithinEditWindow } from './edit-window.js';

const UPLOAD = '2026-11-01T12:00:00Z';

describe('isWithinEditWindow', () => {
  it('is 10 days long', () => {
    expect(EDIT_WINDOW_DAYS).toBe(10);
  });
  it.each([
    ['just after the upload', '2026-11-01T12:00:01Z', true],
    ['on day 9', '2026-11-10T12:00:00Z', true],
    ['at exactly 10 days', '2026-11-11T12:00:00Z', true],
    ['one millisecond after 10 days', '2026-11-11T12:00:00.001Z', false],
    ['on day 11', '2026-11-12T12:00:00Z', false],
  ])('%s: %s', (_when, now, expected) => {
    expect(isWithinEditWindow(UPLOAD, now)).toBe(expected);
  });
  it('is closed without an upload date or with an unreadable one', () => {
    expect(isWithinEditWindow(null, UPLOAD)).toBe(false);
    expect(isWithinEditWindow(undefined, UPLOAD)).toBe(false);
    expect(isWithinEditWindow('', UPLOAD)).toBe(false);
    expect(isWithinEditWindow('garbage', UPLOAD)).toBe(false);
  });
  it('accepts Date objects, epoch milliseconds and zone-less strings (read as UTC)', () => {
    expect(isWithinEditWindow(new Date(UPLOAD), Date.parse('2026-11-11T12:00:00Z'))).toBe(true);
    expect(isWithinEditWindow('2026-11-01T12:00:00', '2026-11-11T12:00:00Z')).toBe(true);
    expect(isWithinEditWindow('2026-11-01', '2026-11-11T00:00:01Z')).toBe(false);
  });
});

describe('editWindowEndsAt and editDaysLeft', () => {
  it('ends 10 x 24 hours after the upload', () => {
    expect(editWindowEndsAt(UPLOAD)?.toISOString()).toBe('2026-11-11T12:00:00.000Z');
    expect(editWindowEndsAt(null)).toBeNull();
  });
  it('counts 10 minus the full days since upload, floored at 0', () => {
    expect(editDaysLeft(UPLOAD, '2026-11-01T13:00:00Z')).toBe(10);
    expect(editDaysLeft(UPLOAD, '2026-11-02T12:00:00Z')).toBe(9);
    expect(editDaysLeft(UPLOAD, '2026-11-10T11:59:59Z')).toBe(2);
    expect(editDaysLeft(UPLOAD, '2026-11-11T12:00:00Z')).toBe(0);
    expect(editDaysLeft(UPLOAD, '2027-01-01T00:00:00Z')).toBe(0);
    expect(editDaysLeft(UPLOAD, '2026-10-30T00:00:00Z')).toBe(10);
    expect(editDaysLeft(undefined, UPLOAD)).toBeNull();
  });
});
