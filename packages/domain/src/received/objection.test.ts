import { describe, expect, it } from 'vitest';
import { canObject, OBJECTION_TEXTS, objectionInputSchema, objectionWindowEnd } from './objection.js';
import { RELEASE_TEXTS, releaseVerdict } from './release.js';

const ENDS = '2030-03-08T10:00:00.000Z';
const verified = {
  criteria: 'Document_Validation',
  documentStatus: 'Verified',
  hasVideo: true,
  opensAt: ENDS,
};

describe('the objection window', () => {
  it('keeps a verified document capsule closed until the window ends, to the millisecond', () => {
    expect(releaseVerdict(verified, '2030-03-08T09:59:59.999Z')).toEqual({
      ok: false,
      reason: RELEASE_TEXTS.approvedOpensOn(ENDS),
    });
    expect(RELEASE_TEXTS.approvedOpensOn(ENDS)).toBe('Approved, opens on Mar 8, 2030.');
    expect(releaseVerdict(verified, ENDS)).toEqual({ ok: true });
    // No window (none opened, or OBJECTION_DAYS=0): open at once, as before.
    expect(releaseVerdict({ ...verified, opensAt: null }, '2030-01-01T00:00:00Z')).toEqual({ ok: true });
  });

  it('lets the sender object inside the window only', () => {
    const facts = { documentStatus: 'Verified', objectionEndsAt: ENDS };
    expect(canObject(facts, '2030-03-01T00:00:00Z')).toEqual({ ok: true });
    expect(canObject(facts, '2030-03-08T09:59:59.999Z')).toEqual({ ok: true });
    expect(canObject(facts, ENDS)).toEqual({ ok: false, reason: OBJECTION_TEXTS.windowEnded });
    expect(canObject({ documentStatus: 'Submitted', objectionEndsAt: null }, ENDS)).toEqual({
      ok: false,
      reason: OBJECTION_TEXTS.nothingToObject,
    });
    expect(canObject({ documentStatus: 'Verified', objectionEndsAt: null }, ENDS)).toEqual({
      ok: false,
      reason: OBJECTION_TEXTS.nothingToObject,
    });
  });

  it('wants a reason, trimmed, at most 1000 characters', () => {
    const id = '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b';
    expect(objectionInputSchema.parse({ capsuleId: id, reason: '  Not yet.  ' }).reason).toBe('Not yet.');
    expect(objectionInputSchema.safeParse({ capsuleId: id, reason: '   ' }).success).toBe(false);
    expect(objectionInputSchema.safeParse({ capsuleId: id, reason: 'x'.repeat(1001) }).success).toBe(false);
    expect(objectionInputSchema.safeParse({ capsuleId: id, reason: 'x'.repeat(1000) }).success).toBe(true);
  });

  it('ends the window at the midnight UTC after its days, so it opens at the start of the day shown', () => {
    expect(objectionWindowEnd(new Date('2030-03-01T19:36:50Z'), 7).toISOString()).toBe(
      '2030-03-09T00:00:00.000Z',
    );
    // Already on a midnight: that one.
    expect(objectionWindowEnd(new Date('2030-03-01T00:00:00Z'), 7).toISOString()).toBe(
      '2030-03-08T00:00:00.000Z',
    );
    // Across the end of February in a leap year.
    expect(objectionWindowEnd(new Date('2032-02-25T08:00:00Z'), 7).toISOString()).toBe(
      '2032-03-04T00:00:00.000Z',
    );
  });
});
