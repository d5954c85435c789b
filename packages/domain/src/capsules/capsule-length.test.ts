import { describe, expect, it } from 'vitest';
import { allowanceFromProductName, maxVideoSeconds, parseCapsuleLength } from './capsule-length.js';

describe('parseCapsuleLength', () => {
  it.each([
    ['5_minutes', 5, '5 minutes'],
    ['1_minute', 1, '1 minute'],
    ['10 minutes', 10, '10 minutes'],
    [' 15_Minutes ', 15, '15 minutes'],
    ['3_min', 3, '3 minutes'],
    ['2', 2, '2 minutes'],
  ])('reads %s', (value, minutes, label) => {
    expect(parseCapsuleLength(value)).toEqual({ minutes, label });
  });
  it.each([
    '',
    'minutes',
    '0_minutes',
    '-5_minutes',
    '5_hours',
    '5.5_minutes',
    'five_minutes',
    '5_minutes_extra',
  ])("gives null for '%s'", (value) => {
    expect(parseCapsuleLength(value)).toBeNull();
  });
  it('gives null for missing values and absurd numbers', () => {
    expect(parseCapsuleLength(null)).toBeNull();
    expect(parseCapsuleLength(undefined)).toBeNull();
    expect(parseCapsuleLength(`${'9'.repeat(20)}_minutes`)).toBeNull();
  });
});

describe('maxVideoSeconds', () => {
  it('is the minutes times 60', () => {
    expect(maxVideoSeconds('5_minutes')).toBe(300);
    expect(maxVideoSeconds('1_minute')).toBe(60);
  });
  it('is null for a bad length', () => {
    expect(maxVideoSeconds('long')).toBeNull();
    expect(maxVideoSeconds(null)).toBeNull();
  });
});

describe('allowanceFromProductName', () => {
  it('reads the first word as a whole number', () => {
    expect(allowanceFromProductName('5 Legacy Capsules')).toBe(5);
    expect(allowanceFromProductName('  12   Journey Capsules')).toBe(12);
    expect(allowanceFromProductName('1')).toBe(1);
    expect(allowanceFromProductName('0 Capsules')).toBe(0);
  });
  it.each(['Legacy Capsules 5', 'Five Capsules', '5x Capsules', '-5 Capsules', '2.5 Capsules', '', '   '])(
    "gives null for '%s'",
    (name) => {
      expect(allowanceFromProductName(name)).toBeNull();
    },
  );
  it('gives null for a missing name', () => {
    expect(allowanceFromProductName(null)).toBeNull();
    expect(allowanceFromProductName(undefined)).toBeNull();
  });
});
