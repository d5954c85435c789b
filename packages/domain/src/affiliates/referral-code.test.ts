import { describe, expect, it } from 'vitest';
import { normalizeReferralCode } from './referral-code.js';

describe('referral codes', () => {
  it('reads a code case-insensitively and refuses anything that cannot be one', () => {
    expect(normalizeReferralCode(' ada7k2q ')).toBe('ADA7K2Q');
    for (const bad of ['abc', 'A'.repeat(21), 'ADA-7K2Q', 'ADA 7K2Q', '<script>', '', null, 42]) {
      expect(normalizeReferralCode(bad), String(bad)).toBeNull();
    }
  });
});
