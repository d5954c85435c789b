import { describe, expect, it } from 'vitest';
import { datePickerBounds } from './date-picker-bounds';

describe('delivery date picker bounds', () => {
  const bounds = datePickerBounds('2026-03-15');

  it('lets the year picker span 100 years back and 100 forward', () => {
    expect(bounds.minDate).toBe('1926-01-01');
    expect(bounds.maxDate).toBe('2126-12-31');
  });

  it('lets only today up to 1200 years ahead be picked', () => {
    expect(bounds.isPickable('2026-03-14')).toBe(false);
    expect(bounds.isPickable('2026-03-15')).toBe(true);
    expect(bounds.isPickable('3226-03-15')).toBe(true);
    expect(bounds.isPickable('3226-03-16')).toBe(false);
  });

  it('disables months and years with no day to pick', () => {
    expect(bounds.monthHasPickableDays('2026-02-01')).toBe(false);
    expect(bounds.monthHasPickableDays('2026-03-01')).toBe(true);
    expect(bounds.yearHasPickableDays('2025-01-01')).toBe(false);
    expect(bounds.yearHasPickableDays('2026-01-01')).toBe(true);
    expect(bounds.yearHasPickableDays('2126-01-01')).toBe(true);
  });
});
