import { describe, expect, it } from 'vitest';
import { isPurgeDue, purgeDueAt } from './capsule-retention.js';

describe('purge after 30 days', () => {
  it('is due exactly 30 x 24 hours after the mark, not a millisecond before', () => {
    const marked = '2026-11-01T12:00:00Z';
    expect(purgeDueAt(marked)?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(isPurgeDue(marked, '2026-12-01T11:59:59.999Z')).toBe(false);
    expect(isPurgeDue(marked, '2026-12-01T12:00:00Z')).toBe(true);
    expect(isPurgeDue(null, '2030-01-01T00:00:00Z')).toBe(false);
  });
});
