import type { ReceivedFacts } from '@capsule/domain';
import { describe, expect, it } from 'vitest';
import { deliveryOutlook, openingMailOnDelivery, openingMailStep } from './delivery-rules.js';

// What the recipient's mails say and when, from the domain's release rule: a dated capsule opens
// at the first instant of its date (UTC), a document capsule once its document is Verified.

const OPENS = new Date('2030-05-04T00:00:00.000Z');
const before = new Date(OPENS.getTime() - 60_000);
const dated = (deliveryDate: string | null, more: Partial<ReceivedFacts> = {}): ReceivedFacts => ({
  criteria: 'Milestone_Date',
  deliveryDate,
  documentStatus: null,
  hasVideo: true,
  ...more,
});
const document = (documentStatus: string | null, criteria = 'Document_Validation'): ReceivedFacts => ({
  criteria,
  deliveryDate: null,
  documentStatus,
  hasVideo: true,
});

describe('deliveryOutlook: what the delivery mail says, at the moment it is sent', () => {
  it('ready when the release rule lets the recipient watch it', () => {
    const anyTime = { criteria: 'View_Any_Time', deliveryDate: null, documentStatus: null, hasVideo: true };
    expect(deliveryOutlook(anyTime, before)).toEqual({ kind: 'ready' });
    expect(deliveryOutlook(dated('2030-05-04'), OPENS)).toEqual({ kind: 'ready' });
    expect(deliveryOutlook(document('Verified'), before)).toEqual({ kind: 'ready' });
  });

  it('a dated capsule opens on its date until the first instant of that day', () => {
    expect(deliveryOutlook(dated('2030-05-04'), before)).toEqual({ kind: 'opensOn', date: '2030-05-04' });
    expect(deliveryOutlook(dated('2030-05-04'), new Date(OPENS.getTime() - 1))).toEqual({
      kind: 'opensOn',
      date: '2030-05-04',
    });
  });

  it('a dated capsule without its date opens on a date to be set', () => {
    expect(deliveryOutlook(dated(null), before)).toEqual({ kind: 'dateToBeSet' });
  });

  it('a document capsule opens once the recipient verifies a document (or once the one sent is)', () => {
    for (const criteria of ['Document_Validation', 'Premium_Verification']) {
      expect(deliveryOutlook(document(null, criteria), before)).toEqual({ kind: 'documentNeeded' });
      expect(deliveryOutlook(document('Rejected', criteria), before)).toEqual({ kind: 'documentNeeded' });
      expect(deliveryOutlook(document('Submitted', criteria), before)).toEqual({ kind: 'documentInReview' });
    }
  });

  it('closed for another reason (no video): no promise', () => {
    expect(deliveryOutlook(dated('2030-05-04', { hasVideo: false }), OPENS)).toEqual({ kind: 'notYet' });
    expect(deliveryOutlook(document('Verified'), before).kind).toBe('ready');
    expect(deliveryOutlook({ ...document('Verified'), hasVideo: false }, before)).toEqual({ kind: 'notYet' });
  });
});

describe('openingMailOnDelivery: the opening-day mail a delivery writes', () => {
  it('a dated capsule delivered before its day: due at the first instant of that day', () => {
    expect(openingMailOnDelivery(dated('2030-05-04'), true, before)).toEqual({
      status: 'pending',
      at: OPENS,
    });
  });

  it('delivered on or after its day: none (the delivery mail says it is ready)', () => {
    expect(openingMailOnDelivery(dated('2030-05-04'), true, OPENS)).toBeNull();
    expect(openingMailOnDelivery(dated('2020-01-01'), true, before)).toBeNull();
  });

  it('without a date: waiting for one', () => {
    expect(openingMailOnDelivery(dated(null), true, before)).toEqual({ status: 'waiting' });
  });

  it('Notify Recipient off: skipped, dated or not', () => {
    expect(openingMailOnDelivery(dated('2030-05-04'), false, before)).toEqual({ status: 'skipped' });
    expect(openingMailOnDelivery(dated(null), false, before)).toEqual({ status: 'skipped' });
  });

  it('other conditions: none', () => {
    expect(openingMailOnDelivery(document(null), true, before)).toBeNull();
    const anyTime = {
      criteria: 'View_Any_Time',
      deliveryDate: '2030-05-04',
      documentStatus: null,
      hasVideo: true,
    };
    expect(openingMailOnDelivery(anyTime, true, before)).toBeNull();
  });
});

describe('openingMailStep: what the sweep does with a due opening mail', () => {
  it('open by the release rule: send', () => {
    expect(openingMailStep(dated('2030-05-04'), OPENS)).toEqual({ action: 'send' });
  });

  it('its day is ahead: due then', () => {
    expect(openingMailStep(dated('2030-05-04'), before)).toEqual({ action: 'reschedule', at: OPENS });
  });

  it('no date: waiting again', () => {
    expect(openingMailStep(dated(null), OPENS)).toEqual({ action: 'wait' });
  });

  it('its day came but it is closed (no video): given up with the reason', () => {
    expect(openingMailStep(dated('2030-05-04', { hasVideo: false }), OPENS)).toEqual({
      action: 'giveUp',
      reason: 'This capsule has no video to play yet.',
    });
  });
});
