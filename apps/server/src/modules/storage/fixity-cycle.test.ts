import { describe, expect, it } from 'vitest';
import { FIXITY_CYCLE_DAYS, fixityBatchSize } from './fixity-cycle.js';

describe('the fixity sweep’s rate', () => {
  it('reads 116 blobs an hour for a million, so each is read within the cycle, under a year', () => {
    expect(FIXITY_CYCLE_DAYS).toBeLessThan(365);
    expect(fixityBatchSize(1_000_000)).toBe(116);
    // Every blob is read once per cycle: the hourly slices of a cycle cover them all.
    for (const total of [1, 7, 8_640, 8_641, 1_000_000, 25_000_000]) {
      expect(fixityBatchSize(total) * FIXITY_CYCLE_DAYS * 24).toBeGreaterThanOrEqual(total);
    }
    expect(fixityBatchSize(0)).toBe(0);
  });
});
