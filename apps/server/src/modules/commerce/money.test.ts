import { describe, expect, it } from 'vitest';
import { decimalToCents } from './money.js';

describe('decimalToCents', () => {
  it('reads a package price exactly', () => {
    expect(decimalToCents('199.00')).toBe(19900);
    expect(decimalToCents('49')).toBe(4900);
    expect(decimalToCents('0.5')).toBe(50);
    expect(decimalToCents('0')).toBe(0);
    // 0.29 * 100 is 28.999999999999996 in floating point: read as digits it is 29.
    expect(decimalToCents('0.29')).toBe(29);
  });

  it('refuses what is not an amount', () => {
    expect(() => decimalToCents('1.999')).toThrow(/Not an amount/);
    expect(() => decimalToCents('-3')).toThrow(/Not an amount/);
    expect(() => decimalToCents('abc')).toThrow(/Not an amount/);
  });
});
