import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  commissionCents,
  formatCents,
  formatRate,
  parseAmountToCents,
  rateToBasisPoints,
} from './money.js';

describe('affiliate money', () => {
  it('reads the stored rate as whole basis points', () => {
    expect(rateToBasisPoints('0.1000')).toBe(1000);
    expect(rateToBasisPoints('0.1')).toBe(1000);
    expect(rateToBasisPoints('0.0725')).toBe(725);
    expect(rateToBasisPoints('1.0000')).toBe(10000);
    expect(rateToBasisPoints('1.5')).toBeNull();
    expect(rateToBasisPoints('0.12345')).toBeNull();
    expect(rateToBasisPoints('-0.1')).toBeNull();
  });

  it('computes rate x amount in cents, half a cent rounded up', () => {
    expect(commissionCents(19900, 1000)).toBe(1990);
    expect(commissionCents(1999, 1000)).toBe(200); // 199.9
    expect(commissionCents(1995, 1000)).toBe(200); // 199.5
    expect(commissionCents(1994, 1000)).toBe(199); // 199.4
    expect(commissionCents(333, 725)).toBe(24); // 24.1425
    expect(commissionCents(0, 1000)).toBe(0);
    // Past 2^53 in the intermediate product, still exact.
    expect(commissionCents(9_000_000_000_000, 9999)).toBe(8_999_100_000_000);
    expect(() => commissionCents(10.5, 1000)).toThrow(RangeError);
    expect(() => commissionCents(100, 10001)).toThrow(RangeError);
  });

  it('parses a typed amount into cents without floats, refusing anything unclear', () => {
    expect(parseAmountToCents('12.50')).toBe(1250);
    expect(parseAmountToCents('12.5')).toBe(1250);
    expect(parseAmountToCents('12')).toBe(1200);
    expect(parseAmountToCents(' 0.07 ')).toBe(7);
    // 0.1 + 0.2 style float trouble cannot happen: 0.29 * 100 is 28.999999999999996 as a float.
    expect(parseAmountToCents('0.29')).toBe(29);
    for (const bad of ['0', '0.00', '-5', '12.505', '1,250.00', '1e3', '', '12.', '.5', 'abc']) {
      expect(parseAmountToCents(bad), bad).toBeNull();
    }
  });

  it('writes cents back as text', () => {
    expect(centsToDecimal(1250)).toBe('12.50');
    expect(centsToDecimal(7)).toBe('0.07');
    expect(centsToDecimal(-1990)).toBe('-19.90');
    expect(formatCents(1250, 'CAD')).toBe('CA$12.50');
    expect(formatRate('0.1000')).toBe('10%');
    expect(formatRate('0.1250')).toBe('12.5%');
    expect(formatRate('0.0725')).toBe('7.25%');
  });
});
