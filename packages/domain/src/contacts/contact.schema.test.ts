import { describe, expect, it } from 'vitest';
import {
  birthdaySchema,
  contactFormSchema,
  contactFormToInput,
  contactInputSchema,
  contactToFormValues,
  EMPTY_CONTACT_FORM,
} from './contact.schema.js';
import { CONTACT_TEXTS } from './contact-texts.js';

const TODAY = '2026-11-23';
const input = contactInputSchema(TODAY);
const form = contactFormSchema(TODAY);

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+1 (613) 555-0100',
  relationshipType: 'Family',
  relationshipDetails: 'Aunt-Uncle',
  birthday: '1990-12-10',
};

/** The messages of a failed parse, keyed by the path of each issue. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

describe('contactInputSchema', () => {
  it('accepts a complete contact and trims its text', () => {
    const parsed = input.parse({ ...valid, firstName: '  Ada ', email: ' ada@example.com ' });
    expect(parsed).toEqual({ ...valid, firstName: 'Ada' });
  });

  it('normalises empty optional fields to null', () => {
    const parsed = input.parse({
      ...valid,
      phone: '',
      relationshipType: '',
      relationshipDetails: '  ',
      birthday: '',
    });
    expect(parsed).toMatchObject({
      phone: null,
      relationshipType: null,
      relationshipDetails: null,
      birthday: null,
    });
    const missing = input.parse({ firstName: 'A', lastName: 'B', email: 'a@b.co' });
    expect(missing).toMatchObject({
      phone: null,
      relationshipType: null,
      relationshipDetails: null,
      birthday: null,
    });
  });

  it('requires first and last names, blank counting as missing', () => {
    expect(errorsOf(input.safeParse({ ...valid, firstName: '   ', lastName: '' }))).toEqual({
      firstName: [CONTACT_TEXTS.firstNameRequired],
      lastName: [CONTACT_TEXTS.lastNameRequired],
    });
    const { firstName: _f, lastName: _l, ...rest } = valid;
    expect(errorsOf(input.safeParse(rest))).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
    });
  });

  it('caps names at 100 characters', () => {
    expect(input.safeParse({ ...valid, firstName: 'a'.repeat(100) }).success).toBe(true);
    expect(
      errorsOf(input.safeParse({ ...valid, firstName: 'a'.repeat(101), lastName: 'b'.repeat(101) })),
    ).toEqual({
      firstName: [CONTACT_TEXTS.firstNameTooLong],
      lastName: [CONTACT_TEXTS.lastNameTooLong],
    });
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada example.com', `${'a'.repeat(250)}@x.co`])(
    "rejects the e-mail '%s' with 'Invalid email address'",
    (email) => {
      expect(errorsOf(input.safeParse({ ...valid, email }))).toEqual({ email: ['Invalid email address'] });
    },
  );

  it('rejects a missing e-mail with the same message', () => {
    const { email: _e, ...rest } = valid;
    expect(errorsOf(input.safeParse(rest))).toEqual({ email: ['Invalid email address'] });
  });

  describe('phone', () => {
    it.each([
      ['1234567', '7 digits'],
      ['+1234567', 'a leading plus'],
      ['12345678901234567890', '20 characters'],
      ['+1 (613) 555-0100', 'spaces, hyphens and parentheses'],
    ])("accepts '%s' (%s)", (phone) => {
      expect(input.parse({ ...valid, phone }).phone).toBe(phone);
    });

    it.each([
      ['123456', '6 characters'],
      ['123456789012345678901', '21 characters'],
      ['12345a7', 'a letter'],
      ['123+4567', 'a plus that does not lead'],
      ['++1234567', 'two pluses'],
    ])("rejects '%s' (%s) with 'Invalid phone number'", (phone) => {
      expect(errorsOf(input.safeParse({ ...valid, phone }))).toEqual({ phone: ['Invalid phone number'] });
    });

    it('trims before measuring', () => {
      expect(input.parse({ ...valid, phone: '  1234567  ' }).phone).toBe('1234567');
    });
  });

  describe('relationship', () => {
    it.each(['Family', 'Friend', 'Colleague', 'Other'])('accepts the type %s without details', (type) => {
      expect(
        input.parse({ ...valid, relationshipType: type, relationshipDetails: '' }).relationshipType,
      ).toBe(type);
    });

    it('rejects an unknown type', () => {
      expect(
        errorsOf(input.safeParse({ ...valid, relationshipType: 'Enemy', relationshipDetails: '' })),
      ).toEqual({
        relationshipType: [CONTACT_TEXTS.relationshipTypeInvalid],
      });
    });

    it("accepts details from the type's own list", () => {
      expect(
        input.parse({ ...valid, relationshipType: 'Friend', relationshipDetails: 'School-friend' })
          .relationshipDetails,
      ).toBe('School-friend');
      expect(
        input.parse({ ...valid, relationshipType: 'Other', relationshipDetails: 'Other-connection' })
          .relationshipDetails,
      ).toBe('Other-connection');
    });

    it("rejects details of another type's list", () => {
      expect(
        errorsOf(
          input.safeParse({ ...valid, relationshipType: 'Colleague', relationshipDetails: 'Aunt-Uncle' }),
        ),
      ).toEqual({ relationshipDetails: [CONTACT_TEXTS.detailsNotForType] });
    });

    it('rejects details in the wrong case or not in any list', () => {
      for (const details of ['school-friend', 'Best friend']) {
        expect(
          errorsOf(input.safeParse({ ...valid, relationshipType: 'Friend', relationshipDetails: details })),
        ).toEqual({ relationshipDetails: [CONTACT_TEXTS.detailsNotForType] });
      }
    });

    it('rejects details without a type', () => {
      expect(
        errorsOf(input.safeParse({ ...valid, relationshipType: '', relationshipDetails: 'Parent' })),
      ).toEqual({
        relationshipDetails: [CONTACT_TEXTS.detailsWithoutType],
      });
    });

    it('reports the details even while another field is invalid', () => {
      const errors = errorsOf(
        input.safeParse({
          ...valid,
          firstName: '',
          relationshipType: 'Friend',
          relationshipDetails: 'Parent',
        }),
      );
      expect(errors).toEqual({
        firstName: [CONTACT_TEXTS.firstNameRequired],
        relationshipDetails: [CONTACT_TEXTS.detailsNotForType],
      });
    });

    it('reports only the type when the type itself is unknown', () => {
      expect(
        errorsOf(input.safeParse({ ...valid, relationshipType: 'Pet', relationshipDetails: 'Parent' })),
      ).toEqual({
        relationshipType: [CONTACT_TEXTS.relationshipTypeInvalid],
      });
    });
  });

  describe('birthday', () => {
    it.each(['1900-01-01', TODAY, '2024-02-29'])('accepts %s', (birthday) => {
      expect(input.parse({ ...valid, birthday }).birthday).toBe(birthday);
    });

    it('rejects 1899-12-31 as too early', () => {
      expect(errorsOf(input.safeParse({ ...valid, birthday: '1899-12-31' }))).toEqual({
        birthday: ['Birthday cannot be before 1900-01-01'],
      });
    });

    it('rejects tomorrow as in the future', () => {
      expect(errorsOf(input.safeParse({ ...valid, birthday: '2026-11-24' }))).toEqual({
        birthday: ['Birthday cannot be in the future'],
      });
    });

    it.each(['2023-02-29', '2026-13-01', '23-11-2026', '2026-11-23T10:00:00Z', 'yesterday'])(
      'rejects %s as not a real date, with one message',
      (birthday) => {
        expect(errorsOf(input.safeParse({ ...valid, birthday }))).toEqual({
          birthday: [CONTACT_TEXTS.birthdayInvalid],
        });
      },
    );

    it('reads a today function at parse time, not when the schema is built', () => {
      let today = '2026-11-22';
      const schema = birthdaySchema(() => today);
      expect(schema.safeParse('2026-11-23').success).toBe(false);
      today = '2026-11-23';
      expect(schema.parse('2026-11-23')).toBe('2026-11-23');
    });
  });
});

describe('contactFormSchema', () => {
  const payload = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    x_studio_email: 'ada@example.com',
    phone: '',
    x_studio_relationship_type: 'Friend',
    x_relationship_details: 'Neighbor',
    birthday: '',
  };

  it('applies the same rules under the spec field names', () => {
    expect(
      errorsOf(
        form.safeParse({
          ...payload,
          firstName: '',
          x_studio_email: 'nope',
          phone: '12',
          x_relationship_details: 'Parent',
          birthday: '2030-01-01',
        }),
      ),
    ).toEqual({
      firstName: ['First name is required'],
      x_studio_email: ['Invalid email address'],
      phone: ['Invalid phone number'],
      x_relationship_details: [CONTACT_TEXTS.detailsNotForType],
      birthday: ['Birthday cannot be in the future'],
    });
  });

  it('maps a parsed payload to the camelCase input', () => {
    expect(contactFormToInput(form.parse(payload))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: null,
      relationshipType: 'Friend',
      relationshipDetails: 'Neighbor',
      birthday: null,
    });
  });

  it('rejects the empty form with every required message', () => {
    expect(errorsOf(form.safeParse(EMPTY_CONTACT_FORM))).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      x_studio_email: ['Invalid email address'],
    });
  });
});

describe('contactToFormValues', () => {
  it('fills the edit form, with empty strings for missing values', () => {
    expect(
      contactToFormValues({
        firstName: 'Ada',
        lastName: 'King',
        email: 'a@b.co',
        phone: null,
        relationshipType: 'family',
      }),
    ).toEqual({
      ...EMPTY_CONTACT_FORM,
      firstName: 'Ada',
      lastName: 'King',
      x_studio_email: 'a@b.co',
      x_studio_relationship_type: 'Family',
    });
  });
});
