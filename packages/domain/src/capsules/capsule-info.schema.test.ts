import { describe, expect, it } from 'vitest';
import {
  capsuleInfoSchema,
  checkCapsuleInfoCriteria,
  DELIVERY_DATE_MAX_YEARS,
  deliveryDateAllowed,
  deliveryDateBounds,
  hasCapsuleInfo,
  CAPSULE_INFO_TEXTS as T,
  YEAR_PICKER_SPAN,
} from './capsule-info.schema.js';

const TODAY = '2026-11-23';
const schema = capsuleInfoSchema(TODAY);

const messages = (
  input: unknown,
  s: {
    safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } };
  } = schema,
) => (s.safeParse(input).error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('capsuleInfoSchema', () => {
  it('accepts any one of date, category or message, blanks becoming null', () => {
    expect(schema.parse({ deliveryDate: TODAY })).toEqual({
      deliveryDate: TODAY,
      category: null,
      message: null,
    });
    expect(schema.parse({ category: 'First Born', deliveryDate: '' })).toEqual({
      deliveryDate: null,
      category: 'First Born',
      message: null,
    });
    expect(schema.parse({ message: '  Happy birthday  ', category: '' }).message).toBe('Happy birthday');
  });

  it('refuses an empty submission', () => {
    expect(messages({})).toEqual([`: ${T.nothingGiven}`]);
    expect(messages({ deliveryDate: '', category: '', message: '   ' })).toEqual([`: ${T.nothingGiven}`]);
  });

  it('refuses yesterday and accepts today', () => {
    expect(messages({ deliveryDate: '2026-11-22' })).toEqual([`deliveryDate: ${T.deliveryDateInPast}`]);
    expect(schema.safeParse({ deliveryDate: '2026-11-23' }).success).toBe(true);
  });

  it('accepts exactly 1200 years ahead and refuses the day after', () => {
    expect(DELIVERY_DATE_MAX_YEARS).toBe(1200);
    expect(schema.safeParse({ deliveryDate: '3226-11-23' }).success).toBe(true);
    expect(messages({ deliveryDate: '3226-11-24' })).toEqual([`deliveryDate: ${T.deliveryDateTooFar}`]);
  });

  it.each(['2027-02-29', '23/11/2027', 'next year'])(
    'refuses the unreal date %s with one message',
    (deliveryDate) => {
      expect(messages({ deliveryDate })).toEqual([`deliveryDate: ${T.deliveryDateInvalid}`]);
    },
  );

  it('refuses a category outside the Set Capsule Info list', () => {
    expect(messages({ category: 'Honeymoon' })).toEqual([`category: ${T.categoryInvalid}`]);
    expect(messages({ category: 'wedding' })).toEqual([`category: ${T.categoryInvalid}`]);
  });

  it('caps the message at 2000 characters', () => {
    expect(schema.safeParse({ message: 'm'.repeat(2000) }).success).toBe(true);
    expect(messages({ message: 'm'.repeat(2001) })).toEqual([`message: ${T.messageTooLong}`]);
  });

  it('with criteria, allows a date on Milestone_Date capsules only', () => {
    expect(capsuleInfoSchema(TODAY, 'Milestone_Date').safeParse({ deliveryDate: TODAY }).success).toBe(true);
    expect(messages({ deliveryDate: TODAY }, capsuleInfoSchema(TODAY, 'View_Any_Time'))).toEqual([
      `deliveryDate: ${T.deliveryDateNotAllowed}`,
    ]);
    expect(capsuleInfoSchema(TODAY, 'View_Any_Time').safeParse({ message: 'hi' }).success).toBe(true);
  });

  it('reads a today function at parse time', () => {
    let today = '2026-11-23';
    const live = capsuleInfoSchema(() => today);
    expect(live.safeParse({ deliveryDate: '2026-11-23' }).success).toBe(true);
    today = '2026-11-24';
    expect(live.safeParse({ deliveryDate: '2026-11-23' }).success).toBe(false);
  });
});

describe('capsule info helpers', () => {
  it('knows when something is given', () => {
    expect(hasCapsuleInfo({})).toBe(false);
    expect(hasCapsuleInfo({ deliveryDate: '', category: null, message: ' ' })).toBe(false);
    expect(hasCapsuleInfo({ message: 'x' })).toBe(true);
    expect(hasCapsuleInfo({ category: 'Wake' })).toBe(true);
  });
  it('allows a delivery date on Milestone_Date only', () => {
    expect(deliveryDateAllowed('Milestone_Date')).toBe(true);
    expect(deliveryDateAllowed('milestone_date')).toBe(true);
    expect(deliveryDateAllowed('Document_Validation')).toBe(false);
    expect(deliveryDateAllowed(null)).toBe(false);
    expect(checkCapsuleInfoCriteria({ deliveryDate: TODAY }, 'Premium_Verification')).toEqual({
      ok: false,
      reason: T.deliveryDateNotAllowed,
    });
    expect(checkCapsuleInfoCriteria({ message: 'x' }, 'Premium_Verification')).toEqual({ ok: true });
  });
  it('bounds the picker from today to 1200 years ahead, years spanning 100', () => {
    expect(deliveryDateBounds(TODAY)).toEqual({ min: TODAY, max: '3226-11-23' });
    expect(YEAR_PICKER_SPAN).toBe(100);
  });
});
