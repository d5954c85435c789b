import { describe, expect, it } from 'vitest';
import { needsDeliveryDate, releaseConditionText } from './release-condition.js';

const NOW = '2026-11-27T12:00:00Z';

describe('releaseConditionText', () => {
  it('says when a milestone capsule opens, in plain words', () => {
    expect(
      releaseConditionText({ deliveryCriteria: 'Milestone_Date', deliveryDate: '2030-05-04' }, NOW),
    ).toBe('Opens on May 4, 2030');
    expect(
      releaseConditionText({ deliveryCriteria: 'milestone date', deliveryDate: '2026-11-28' }, NOW),
    ).toBe('Opens on Nov 28, 2026');
  });
  it('says a milestone capsule without its date lacks it', () => {
    expect(releaseConditionText({ deliveryCriteria: 'Milestone_Date', deliveryDate: null }, NOW)).toBe(
      'Opens on its delivery date, which is not set yet',
    );
  });
  it('tells a date that has come apart from one to come, from the first instant of its day (UTC)', () => {
    const today = { deliveryCriteria: 'Milestone_Date', deliveryDate: '2026-11-27' };
    expect(releaseConditionText(today, '2026-11-26T23:59:59.999Z')).toBe('Opens on Nov 27, 2026');
    expect(releaseConditionText(today, '2026-11-27T00:00:00Z')).toBe(
      'Opens once delivered (its date, Nov 27, 2026, has passed)',
    );
    expect(releaseConditionText({ ...today, deliveredAt: '2026-11-20T10:00:00Z' }, NOW)).toBe(
      'Open since Nov 27, 2026',
    );
  });
  it('names the recipient for a document condition', () => {
    for (const deliveryCriteria of ['Document_Validation', 'Premium_Verification']) {
      expect(releaseConditionText({ deliveryCriteria, recipientName: 'Mia Wong' }, NOW)).toBe(
        "Opens when Mia's document is verified",
      );
      expect(releaseConditionText({ deliveryCriteria, recipientName: null }, NOW)).toBe(
        "Opens when the recipient's document is verified",
      );
    }
  });
  it('says any time for View_Any_Time, and owns up to a condition it does not know', () => {
    expect(releaseConditionText({ deliveryCriteria: 'View_Any_Time' }, NOW)).toBe(
      'Can be opened at any time',
    );
    expect(releaseConditionText({ deliveryCriteria: 'Lunar_Eclipse' }, NOW)).toBe(
      'Opens by a condition this portal does not know',
    );
  });
});

describe('needsDeliveryDate', () => {
  it('is true only for a milestone capsule without a date', () => {
    expect(needsDeliveryDate({ deliveryCriteria: 'Milestone_Date', deliveryDate: null })).toBe(true);
    expect(needsDeliveryDate({ deliveryCriteria: 'Milestone_Date', deliveryDate: '' })).toBe(true);
    expect(needsDeliveryDate({ deliveryCriteria: 'Milestone_Date', deliveryDate: '2030-05-04' })).toBe(false);
    expect(needsDeliveryDate({ deliveryCriteria: 'View_Any_Time', deliveryDate: null })).toBe(false);
    expect(needsDeliveryDate({ deliveryCriteria: 'Document_Validation' })).toBe(false);
  });
});

describe('the release condition of the birthday and combined rules', () => {
  it("names the birthday, and a document capsule's not-before day", () => {
    const now = '2026-01-01T00:00:00Z';
    expect(
      releaseConditionText(
        {
          deliveryCriteria: 'Milestone_Date',
          deliveryDate: '2030-05-01',
          recipientName: 'Ada Lovelace',
          birthdayAge: 18,
        },
        now,
      ),
    ).toBe("Opens on Ada's 18th birthday, May 1, 2030");
    expect(
      releaseConditionText(
        {
          deliveryCriteria: 'Premium_Verification',
          recipientName: 'Ada Lovelace',
          notBeforeDate: '2030-05-01',
        },
        now,
      ),
    ).toBe("Opens when Ada's document is verified, not before May 1, 2030");
  });
});
