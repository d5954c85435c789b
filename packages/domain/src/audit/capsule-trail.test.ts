import { describe, expect, it } from 'vitest';
import { describeTrailEntry, type TrailEntry, visibleTo } from './capsule-trail.js';

const at = '2030-01-01T12:00:00.000Z';
const entry = (e: Omit<TrailEntry, 'at'>): TrailEntry => ({ at, ...e });

describe('the capsule record in words', () => {
  it('names the sender as You to the sender and the recipient as You to the recipient', () => {
    const locked = entry({ event: 'locked', actor: 'sender', details: { rule: 'View_Any_Time' } });
    expect(describeTrailEntry(locked, 'sender')).toBe('You locked it; it opens at any time.');
    expect(describeTrailEntry(locked, 'operator')).toBe('The sender locked it; it opens at any time.');
    const opened = entry({ event: 'opened', actor: 'recipient', details: {} });
    expect(describeTrailEntry(opened, 'recipient')).toBe('You opened it.');
    expect(describeTrailEntry(opened, 'sender')).toBe('The recipient opened it.');
  });

  it('says an automatic lock was the 10-day sweep, and a milestone rule by its date', () => {
    const locked = entry({
      event: 'locked',
      actor: 'system',
      details: { rule: 'Milestone_Date', deliveryDate: '2031-02-28' },
    });
    expect(describeTrailEntry(locked, 'sender')).toBe(
      'Locked automatically, 10 days after its video was stored; it opens on Feb 28, 2031.',
    );
  });

  it("hides the operator's name from the recipient only", () => {
    const reviewed = entry({
      event: 'document_reviewed',
      actor: 'operator',
      details: { verdict: 'Rejected', reason: 'Blurred.', operator: 'Olga' },
    });
    expect(describeTrailEntry(reviewed, 'sender')).toBe('The document was rejected by Olga: Blurred.');
    expect(describeTrailEntry(reviewed, 'recipient')).toBe('The document was rejected: Blurred.');
  });

  it('shows the recipient what concerns them, not the lock', () => {
    expect(visibleTo('recipient', 'locked')).toBe(false);
    for (const event of [
      'delivered',
      'document_submitted',
      'document_reviewed',
      'release_decided',
      'opened',
    ] as const)
      expect(visibleTo('recipient', event)).toBe(true);
    expect(visibleTo('sender', 'locked')).toBe(true);
    expect(visibleTo('operator', 'locked')).toBe(true);
  });

  it('words a release decision both ways', () => {
    const open = entry({
      event: 'release_decided',
      actor: 'system',
      details: { rule: 'Document_Validation', verdict: 'open' },
    });
    expect(describeTrailEntry(open, 'sender')).toBe(
      'The release rule (once a document is verified) let it open.',
    );
    const closed = entry({
      event: 'release_decided',
      actor: 'system',
      details: {
        rule: 'Milestone_Date',
        deliveryDate: '2031-06-01',
        verdict: 'refused',
        reason: 'This capsule opens on Jun 1, 2031.',
      },
    });
    expect(describeTrailEntry(closed, 'recipient')).toBe(
      'The release rule (on Jun 1, 2031) kept it closed: This capsule opens on Jun 1, 2031.',
    );
  });
});
