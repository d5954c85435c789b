import { describe, expect, it } from 'vitest';
import { cardProgress, countdownColor, daysUntil } from './capsule-progress.js';

const PURCHASE = '2026-01-01T00:00:00Z';
const DELIVERY = '2026-01-11T00:00:00Z';

describe('cardProgress', () => {
  it('is the elapsed share of purchase to delivery, in whole percent', () => {
    expect(cardProgress(PURCHASE, DELIVERY, PURCHASE)).toBe(0);
    expect(cardProgress(PURCHASE, DELIVERY, '2026-01-06T00:00:00Z')).toBe(50);
    expect(cardProgress(PURCHASE, DELIVERY, '2026-01-03T12:00:00Z')).toBe(25);
    expect(cardProgress(PURCHASE, DELIVERY, '2026-01-01T08:00:00Z')).toBe(3);
    expect(cardProgress(PURCHASE, DELIVERY, DELIVERY)).toBe(100);
  });
  it('caps at 100 after delivery and 0 before purchase', () => {
    expect(cardProgress(PURCHASE, DELIVERY, '2030-01-01T00:00:00Z')).toBe(100);
    expect(cardProgress(PURCHASE, DELIVERY, '2025-06-01T00:00:00Z')).toBe(0);
  });
  it('is null without a delivery date, a purchase date or with an unreadable one', () => {
    expect(cardProgress(PURCHASE, null, PURCHASE)).toBeNull();
    expect(cardProgress(PURCHASE, '', PURCHASE)).toBeNull();
    expect(cardProgress(undefined, DELIVERY, PURCHASE)).toBeNull();
    expect(cardProgress(PURCHASE, 'someday', PURCHASE)).toBeNull();
  });
  it('treats a delivery on or before the purchase as all or nothing', () => {
    expect(cardProgress(DELIVERY, PURCHASE, '2026-01-05T00:00:00Z')).toBe(100);
    expect(cardProgress(DELIVERY, DELIVERY, '2026-01-05T00:00:00Z')).toBe(0);
  });
  it('reads a date-only delivery date as UTC midnight', () => {
    expect(cardProgress(PURCHASE, '2026-01-11', '2026-01-06T00:00:00Z')).toBe(50);
  });
});

describe('daysUntil', () => {
  it('counts calendar days, whatever the time of day', () => {
    expect(daysUntil('2026-01-11', '2026-01-10T23:59:00Z')).toBe(1);
    expect(daysUntil('2026-01-11', '2026-01-11T00:00:00Z')).toBe(0);
    expect(daysUntil('2026-01-11', '2026-01-11T18:00:00Z')).toBe(0);
    expect(daysUntil('2027-01-11', '2026-01-11T08:00:00Z')).toBe(365);
  });
  it('is negative once passed and null without a date', () => {
    expect(daysUntil('2026-01-01', '2026-01-11T00:00:00Z')).toBe(-10);
    expect(daysUntil(null, '2026-01-11T00:00:00Z')).toBeNull();
  });
});

describe('countdownColor', () => {
  it.each([
    [366, 'green'],
    [365, 'lime'],
    [91, 'lime'],
    [90, 'yellow'],
    [31, 'yellow'],
    [30, 'orange'],
    [8, 'orange'],
    [7, 'red'],
    [0, 'red'],
    [-5, 'red'],
  ])('%i days left is %s', (days, color) => {
    expect(countdownColor(days)).toBe(color);
  });
  it('is gray without a date', () => {
    expect(countdownColor(null)).toBe('gray');
    expect(countdownColor(undefined)).toBe('gray');
    expect(countdownColor(Number.NaN)).toBe('gray');
  });
});
