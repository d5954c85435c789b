import { z } from 'zod';
import {
  addYears,
  compareCalendarDates,
  isCalendarDate,
  resolveToday,
  type TodaySource,
} from '../contacts/calendar-date.js';
import { optionalTextSchema } from '../contacts/optional-text.js';
import { BIRTHDAY_RULE_TEXTS, birthdayAgeSchema } from './birthday-rule.js';
import type { Verdict } from './capsule-guards.js';
import { CAPSULE_CATEGORIES, normaliseDeliveryCriteria } from './capsule-status.js';

// Set Capsule Info (spec sections 2 and 5): an optional delivery date, category and message,
// at least one of them. The date exists only for Milestone_Date capsules.

export const DELIVERY_DATE_MAX_YEARS = 1200;
/** The date picker's year list spans this many years back and forward. */
export const YEAR_PICKER_SPAN = 100;
export const CAPSULE_MESSAGE_MAX = 2000;

export const CAPSULE_INFO_TEXTS = {
  dialogTitle: 'Additional Capsule Information',
  deliveryDateInvalid: 'Delivery date must be a valid date (YYYY-MM-DD)',
  deliveryDateInPast: 'Delivery date cannot be in the past',
  deliveryDateTooFar: 'Delivery date cannot be more than 1200 years ahead',
  deliveryDateNotAllowed: 'A delivery date can only be set on a Milestone Date capsule',
  categoryInvalid: 'Choose a category from the list',
  messageTooLong: 'Message must be at most 2000 characters',
  nothingGiven: 'Enter a delivery date, a category or a message.',
  notBeforeNotAllowed: 'A not-before date can only be set on a capsule that opens with a document',
  notBeforeAndBirthday: 'Choose a not-before date or a birthday, not both',
} as const;

/** The date picker's bounds: today to 1200 years ahead, both included. */
export function deliveryDateBounds(today: string): { min: string; max: string } {
  return { min: today, max: addYears(today, DELIVERY_DATE_MAX_YEARS) };
}

export function deliveryDateSchema(today: TodaySource) {
  return optionalTextSchema.pipe(
    z
      .string()
      .refine(isCalendarDate, { error: CAPSULE_INFO_TEXTS.deliveryDateInvalid, abort: true })
      .refine(
        (day) => compareCalendarDates(day, resolveToday(today)) >= 0,
        CAPSULE_INFO_TEXTS.deliveryDateInPast,
      )
      .refine(
        (day) => compareCalendarDates(day, deliveryDateBounds(resolveToday(today)).max) <= 0,
        CAPSULE_INFO_TEXTS.deliveryDateTooFar,
      )
      .nullable(),
  );
}

export const capsuleCategorySchema = optionalTextSchema.pipe(
  z.enum(CAPSULE_CATEGORIES, { error: CAPSULE_INFO_TEXTS.categoryInvalid }).nullable(),
);

export const capsuleMessageSchema = optionalTextSchema.pipe(
  z.string().max(CAPSULE_MESSAGE_MAX, CAPSULE_INFO_TEXTS.messageTooLong).nullable(),
);

type InfoValues = {
  deliveryDate?: string | null;
  category?: string | null;
  message?: string | null;
  /**
   * Ours: the date is the recipient's Nth birthday instead (birthday-rule.ts); on a document
   * capsule, the day it opens no earlier than.
   */
  birthdayAge?: number | null;
  /** Ours: a document capsule opens no earlier than this day (the combined rule). */
  notBefore?: string | null;
};

/**
 * The submit is enabled once a date, a category or a message is given (spec section 5), or
 * (ours) the birthday whose day the capsule opens on.
 */
export function hasCapsuleInfo(values: InfoValues): boolean {
  return (
    typeof values.birthdayAge === 'number' ||
    [values.deliveryDate, values.category, values.message, values.notBefore].some(
      (value) => typeof value === 'string' && value.trim() !== '',
    )
  );
}

/** Only a Milestone_Date capsule has a delivery date to pick. */
export function deliveryDateAllowed(criteria: string | null | undefined): boolean {
  return normaliseDeliveryCriteria(criteria) === 'Milestone_Date';
}

/** Only a document capsule takes a not-before day (the combined rule). */
export function notBeforeAllowed(criteria: string | null | undefined): boolean {
  const c = normaliseDeliveryCriteria(criteria);
  return c === 'Document_Validation' || c === 'Premium_Verification';
}

/** The criteria rule on its own, for the server once it has loaded the capsule. */
export function checkCapsuleInfoCriteria(info: InfoValues, criteria: string | null | undefined): Verdict {
  if (info.deliveryDate && !deliveryDateAllowed(criteria)) {
    return { ok: false, reason: CAPSULE_INFO_TEXTS.deliveryDateNotAllowed };
  }
  const documentRule = notBeforeAllowed(criteria);
  if (typeof info.birthdayAge === 'number' && !deliveryDateAllowed(criteria) && !documentRule) {
    return { ok: false, reason: BIRTHDAY_RULE_TEXTS.notMilestone };
  }
  if (info.notBefore && !documentRule) return { ok: false, reason: CAPSULE_INFO_TEXTS.notBeforeNotAllowed };
  return { ok: true };
}

/**
 * Set Capsule Info. `today` bounds the date (server: a function reading the clock, e.g.
 * `() => calendarDateOf(clock.now(), EARLIEST_UTC_OFFSET_MINUTES)`). With `criteria`, a
 * date on a capsule that is not Milestone_Date is refused too; without it, the caller checks
 * that later with checkCapsuleInfoCriteria. Blank fields come out as null.
 */
export function capsuleInfoSchema(today: TodaySource, criteria?: string | null) {
  return z
    .object({
      deliveryDate: deliveryDateSchema(today),
      category: capsuleCategorySchema,
      message: capsuleMessageSchema,
      birthdayAge: birthdayAgeSchema.nullable().optional(),
      notBefore: deliveryDateSchema(today).optional(),
    })
    .superRefine((info, ctx) => {
      if (!hasCapsuleInfo(info)) ctx.addIssue({ code: 'custom', message: CAPSULE_INFO_TEXTS.nothingGiven });
      if (info.deliveryDate && typeof info.birthdayAge === 'number')
        ctx.addIssue({ code: 'custom', message: BIRTHDAY_RULE_TEXTS.dateAndBirthday, path: ['birthdayAge'] });
      if (info.notBefore && typeof info.birthdayAge === 'number')
        ctx.addIssue({
          code: 'custom',
          message: CAPSULE_INFO_TEXTS.notBeforeAndBirthday,
          path: ['notBefore'],
        });
      if (criteria === undefined) return;
      const verdict = checkCapsuleInfoCriteria(info, criteria);
      if (!verdict.ok) ctx.addIssue({ code: 'custom', message: verdict.reason, path: ['deliveryDate'] });
    });
}
export type CapsuleInfo = z.output<ReturnType<typeof capsuleInfoSchema>>;
