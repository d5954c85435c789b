import { describe, expect, it } from 'vitest';
import { EMPTY_CONTACT_FORM } from './contact.schema.js';
import {
  contactFullName,
  isContactFormComplete,
  isDeleteConfirmation,
  matchesContactSearch,
} from './contact-rules.js';

describe('isContactFormComplete', () => {
  const complete = {
    ...EMPTY_CONTACT_FORM,
    firstName: 'Ada',
    lastName: 'King',
    x_studio_email: 'ada@example.com',
    x_studio_relationship_type: 'Family',
    x_relationship_details: 'Cousin',
  };

  it('is complete with the five required fields, phone and birthday optional', () => {
    expect(isContactFormComplete(complete)).toBe(true);
  });

  it.each([
    'firstName',
    'lastName',
    'x_studio_email',
    'x_studio_relationship_type',
    'x_relationship_details',
  ] as const)('is incomplete while %s is blank', (key) => {
    expect(isContactFormComplete({ ...complete, [key]: '  ' })).toBe(false);
    expect(isContactFormComplete({ ...complete, [key]: null })).toBe(false);
  });

  it('is incomplete for the empty form', () => {
    expect(isContactFormComplete(EMPTY_CONTACT_FORM)).toBe(false);
    expect(isContactFormComplete({})).toBe(false);
  });
});

describe('matchesContactSearch', () => {
  const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'countess@Example.com' };

  it('matches everyone for a blank query', () => {
    expect(matchesContactSearch(ada, '')).toBe(true);
    expect(matchesContactSearch(ada, '   ')).toBe(true);
  });

  it('matches the first name, last name, full name or e-mail, in any case', () => {
    expect(matchesContactSearch(ada, 'ADA')).toBe(true);
    expect(matchesContactSearch(ada, 'love')).toBe(true);
    expect(matchesContactSearch(ada, 'a lovelace')).toBe(true);
    expect(matchesContactSearch(ada, '  Ada   Love ')).toBe(true);
    expect(matchesContactSearch(ada, 'example.COM')).toBe(true);
  });

  it('does not match anything else', () => {
    expect(matchesContactSearch(ada, 'byron')).toBe(false);
    expect(matchesContactSearch(ada, 'lovelace ada')).toBe(false);
  });
});

describe('contactFullName', () => {
  it('joins first and last name with one space', () => {
    expect(contactFullName(' Ada ', 'Lovelace')).toBe('Ada Lovelace');
    expect(contactFullName('Ada', '')).toBe('Ada');
  });
});

describe('isDeleteConfirmation', () => {
  it.each(['delete', 'DELETE', ' Delete ', 'dElEtE'])("accepts '%s'", (text) => {
    expect(isDeleteConfirmation(text)).toBe(true);
  });
  it.each(['', 'delet', 'deleted', 'delete it', 'remove', null, undefined])("refuses '%s'", (text) => {
    expect(isDeleteConfirmation(text)).toBe(false);
  });
});
