import { z } from 'zod';
import { PHONE_PATTERN } from '../auth/auth.schema.js';
import { compareCalendarDates, isCalendarDate, resolveToday, type TodaySource } from './calendar-date.js';
import { CONTACT_TEXTS } from './contact-texts.js';
import { optionalTextSchema } from './optional-text.js';
import { parseRelationshipType, RELATIONSHIP_TYPES, relationshipDetailsIssue } from './relationships.js';

// Contact rules of spec section 5, written once as field schemas and assembled twice: as the
// clean camelCase input of tRPC and the services, and as the spec's form payload (REST shim
// and the web form, whose field errors must sit under the spec's field names).

const NAME_MAX = 100;
const EMAIL_MAX = 254; // RFC 5321 path limit
export const EARLIEST_BIRTHDAY = '1900-01-01';

const requiredName = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(NAME_MAX, tooLong);

const contactEmailSchema = z
  .string({ error: CONTACT_TEXTS.invalidEmail })
  .trim()
  .max(EMAIL_MAX, CONTACT_TEXTS.invalidEmail)
  .pipe(z.email({ error: CONTACT_TEXTS.invalidEmail }));

// One phone shape for profile and contacts (spec section 5), defined beside the profile rule.
const contactPhoneSchema = optionalTextSchema.pipe(
  z.string().regex(PHONE_PATTERN, CONTACT_TEXTS.invalidPhone).nullable(),
);

const relationshipTypeSchema = optionalTextSchema.pipe(
  z.enum(RELATIONSHIP_TYPES, { error: CONTACT_TEXTS.relationshipTypeInvalid }).nullable(),
);

// Whether details belong to the type needs both fields: see detailsCheck below.
const relationshipDetailsSchema = optionalTextSchema.pipe(
  z.string().max(NAME_MAX, CONTACT_TEXTS.detailsNotForType).nullable(),
);

/** Optional 'YYYY-MM-DD', a real day, from 1900-01-01 to today (both included). */
export function birthdaySchema(today: TodaySource) {
  return optionalTextSchema.pipe(
    z
      .string()
      .refine(isCalendarDate, { error: CONTACT_TEXTS.birthdayInvalid, abort: true })
      .refine((day) => compareCalendarDates(day, EARLIEST_BIRTHDAY) >= 0, CONTACT_TEXTS.birthdayTooEarly)
      .refine((day) => compareCalendarDates(day, resolveToday(today)) <= 0, CONTACT_TEXTS.birthdayInFuture)
      .nullable(),
  );
}

function contactFields(today: TodaySource) {
  return {
    firstName: requiredName(CONTACT_TEXTS.firstNameRequired, CONTACT_TEXTS.firstNameTooLong),
    lastName: requiredName(CONTACT_TEXTS.lastNameRequired, CONTACT_TEXTS.lastNameTooLong),
    email: contactEmailSchema,
    phone: contactPhoneSchema,
    relationshipType: relationshipTypeSchema,
    relationshipDetails: relationshipDetailsSchema,
    birthday: birthdaySchema(today),
  };
}

// The details issue goes on the details field, under whatever name the payload gives it.
// The values are read defensively: a field that failed its own schema may still hold raw input.
function detailsCheck(typeKey: string, detailsKey: string) {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const issue = relationshipDetailsIssue(text(value[typeKey]), text(value[detailsKey]));
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: [detailsKey] });
  };
}

/**
 * The contact as tRPC and the services take it. Optional fields come out as null when not
 * given. `today` bounds the birthday: on the server pass a function reading the clock, e.g.
 * `() => calendarDateOf(clock.now(), LATEST_UTC_OFFSET_MINUTES)`; in the browser its own date.
 */
export function contactInputSchema(today: TodaySource) {
  const f = contactFields(today);
  return z
    .object({
      firstName: f.firstName,
      lastName: f.lastName,
      email: f.email,
      phone: f.phone,
      relationshipType: f.relationshipType,
      relationshipDetails: f.relationshipDetails,
      birthday: f.birthday,
    })
    .superRefine(detailsCheck('relationshipType', 'relationshipDetails'));
}
export type ContactInput = z.output<ReturnType<typeof contactInputSchema>>;

/** The contact form payload with the spec's field names (section 3, 'Contact form payload'). */
export function contactFormSchema(today: TodaySource) {
  const f = contactFields(today);
  return z
    .object({
      firstName: f.firstName,
      lastName: f.lastName,
      x_studio_email: f.email,
      phone: f.phone,
      x_studio_relationship_type: f.relationshipType,
      x_relationship_details: f.relationshipDetails,
      birthday: f.birthday,
    })
    .superRefine(detailsCheck('x_studio_relationship_type', 'x_relationship_details'));
}
export type ContactFormPayload = z.output<ReturnType<typeof contactFormSchema>>;

/** What the form holds while it is edited: every field a string, '' when empty. */
export type ContactFormValues = { [K in keyof ContactFormPayload]: string };

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  firstName: '',
  lastName: '',
  x_studio_email: '',
  phone: '',
  x_studio_relationship_type: '',
  x_relationship_details: '',
  birthday: '',
};

// The spec's form payload names (section 3) and the domain input's, in one place.
const FORM_TO_INPUT = {
  firstName: 'firstName',
  lastName: 'lastName',
  x_studio_email: 'email',
  phone: 'phone',
  x_studio_relationship_type: 'relationshipType',
  x_relationship_details: 'relationshipDetails',
  birthday: 'birthday',
} as const satisfies Record<keyof ContactFormPayload, keyof ContactInput>;

/**
 * Renames a contact payload with the spec's field names onto the domain input's, unchecked:
 * the REST shim parses the result with contactInputSchema. A field sent under the input's own
 * name is read when the spec's name is absent.
 */
export function renameContactPayload(payload: Record<string, unknown>): Record<keyof ContactInput, unknown> {
  const input = {} as Record<keyof ContactInput, unknown>;
  for (const [formName, inputName] of Object.entries(FORM_TO_INPUT) as Array<
    [keyof ContactFormPayload, keyof ContactInput]
  >) {
    input[inputName] = payload[formName] ?? payload[inputName];
  }
  return input;
}

/** A parsed form payload as the domain input (the web form's mapping). */
export function contactFormToInput(form: ContactFormPayload): ContactInput {
  return renameContactPayload(form) as ContactInput;
}

/** Fills the Edit Contact form from a stored contact. */
export function contactToFormValues(contact: {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  relationshipType?: string | null;
  relationshipDetails?: string | null;
  birthday?: string | null;
}): ContactFormValues {
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    x_studio_email: contact.email,
    phone: contact.phone ?? '',
    x_studio_relationship_type: parseRelationshipType(contact.relationshipType) ?? '',
    x_relationship_details: contact.relationshipDetails ?? '',
    birthday: contact.birthday ?? '',
  };
}
