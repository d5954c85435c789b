import { describe, expect, it } from 'vitest';
import {
  canSubmitDocuments,
  canViewReceived,
  milestoneOpensAt,
  RELEASE_TEXTS as R,
  type ReceivedFacts,
  releaseVerdict,
  SUBMIT_TEXTS as S,
  submitVerdict,
} from './release.js';

const NOW = '2026-11-24T12:00:00Z';
const facts = (f: Partial<ReceivedFacts> = {}): ReceivedFacts => ({
  criteria: 'View_Any_Time',
  deliveryDate: null,
  documentStatus: null,
  hasVideo: true,
  ...f,
});
const refused = (reason: string) => ({ ok: false, reason });

describe('the release rule (View Capsule)', () => {
  it('View_Any_Time opens with a stored video, and only with one', () => {
    expect(releaseVerdict(facts(), NOW)).toEqual({ ok: true });
    expect(releaseVerdict(facts({ hasVideo: false }), NOW)).toEqual(refused(R.noVideo));
  });

  it('Milestone_Date opens at the start of its delivery date (UTC), not a millisecond before', () => {
    const milestone = facts({ criteria: 'Milestone_Date', deliveryDate: '2026-11-25' });
    expect(releaseVerdict(milestone, '2026-11-24T23:59:59.999Z')).toEqual(
      refused('This capsule opens on Nov 25, 2026.'),
    );
    expect(canViewReceived(milestone, '2026-11-25T00:00:00.000Z')).toBe(true);
    expect(canViewReceived(milestone, '2030-01-01T00:00:00Z')).toBe(true);
    expect(milestoneOpensAt('2026-11-25')?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });

  it('Milestone_Date without a date stays closed; a past date without a video too', () => {
    expect(releaseVerdict(facts({ criteria: 'Milestone_Date' }), NOW)).toEqual(refused(R.noMilestoneDate));
    const past = facts({ criteria: 'Milestone_Date', deliveryDate: '2026-01-01', hasVideo: false });
    expect(releaseVerdict(past, NOW)).toEqual(refused(R.noVideo));
  });

  it.each(['Document_Validation', 'Premium_Verification'])(
    '%s opens only once the document is Verified, each other state saying why',
    (criteria) => {
      expect(releaseVerdict(facts({ criteria }), NOW)).toEqual(refused(R.needsDocument));
      expect(releaseVerdict(facts({ criteria, documentStatus: 'Submitted' }), NOW)).toEqual(
        refused(R.documentInReview),
      );
      expect(releaseVerdict(facts({ criteria, documentStatus: 'Rejected' }), NOW)).toEqual(
        refused(R.documentRejected),
      );
      expect(releaseVerdict(facts({ criteria, documentStatus: 'Verified' }), NOW)).toEqual({ ok: true });
      expect(canViewReceived(facts({ criteria, documentStatus: 'Verified', hasVideo: false }), NOW)).toBe(
        false,
      );
    },
  );

  it('the combined rule opens on the later of its conditions: the verified document, and its not-before day', () => {
    const criteria = 'Premium_Verification';
    // Verified long before the day: closed until the day starts (UTC), open from its first instant.
    const early = facts({ criteria, documentStatus: 'Verified', notBefore: '2030-06-01' });
    expect(releaseVerdict(early, '2030-05-31T23:59:59.999Z')).toEqual(
      refused(R.verifiedNotBefore('2030-06-01')),
    );
    expect(releaseVerdict(early, '2030-06-01T00:00:00Z')).toEqual({ ok: true });
    // The day has come but the document is not verified yet: the document decides.
    const late = facts({ criteria, documentStatus: 'Submitted', notBefore: '2026-01-01' });
    expect(releaseVerdict(late, NOW)).toEqual(refused(R.documentInReview));
    // Verified, inside the sender's objection window, the day passed: the window decides.
    const windowed = facts({
      criteria,
      documentStatus: 'Verified',
      notBefore: '2026-01-01',
      opensAt: '2026-11-30T00:00:00Z',
    });
    expect(releaseVerdict(windowed, NOW)).toEqual(refused(R.approvedOpensOn('2026-11-30T00:00:00Z')));
    // Both over: open.
    expect(releaseVerdict({ ...windowed, opensAt: '2026-11-01T00:00:00Z' }, NOW)).toEqual({ ok: true });
  });

  it('reads the stored spellings of the criteria, and refuses an unknown one', () => {
    expect(canViewReceived(facts({ criteria: 'view_any_time' }), NOW)).toBe(true);
    expect(releaseVerdict(facts({ criteria: 'Telepathy' }), NOW)).toEqual(refused(R.unknownCriteria));
  });
});

describe('the submit rule (Submit Documents)', () => {
  it.each(['Document_Validation', 'Premium_Verification'])(
    '%s: before any document and after a rejection',
    (criteria) => {
      expect(canSubmitDocuments({ criteria, documentStatus: null })).toBe(true);
      expect(canSubmitDocuments({ criteria, documentStatus: 'Rejected' })).toBe(true);
      expect(submitVerdict({ criteria, documentStatus: 'Submitted' })).toEqual(refused(S.inReview));
      expect(submitVerdict({ criteria, documentStatus: 'Verified' })).toEqual(refused(S.verified));
    },
  );

  it('never for capsules that need no document', () => {
    for (const criteria of ['View_Any_Time', 'Milestone_Date']) {
      expect(submitVerdict({ criteria, documentStatus: null })).toEqual(refused(S.notNeeded));
    }
  });
});
