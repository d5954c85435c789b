import { z } from 'zod';
import { compareCalendarDates, isCalendarDate } from '../contacts/calendar-date.js';
import type { Verdict } from './capsule-guards.js';

// The age-based release rule (docs/server-rules.md, 'Birthday rule'): a Milestone Date capsule
// that opens on the recipient's Nth birthday. The rule is a way to choose the delivery date: the
// date is worked out here from the recipient's birthday, stored as the capsule's delivery date,
// and delivered like any other. Until the lock it follows a corrected birthday; the lock freezes it.

export const BIRTHDAY_AGE_MIN = 1;
export const BIRTHDAY_AGE_MAX = 150;

export const BIRTHDAY_RULE_TEXTS = {
  ageInvalid: `The age must be a whole number from ${BIRTHDAY_AGE_MIN} to ${BIRTHDAY_AGE_MAX}`,
  noBirthday: (name: string) =>
    `${name || 'The recipient'} has no birthday in your contacts: add it in My Contacts first.`,
  passed: (name: string, age: number, date: string) =>
    `${possessive(name)} ${ordinal(age)} birthday (${date}) has already passed.`,
  notMilestone: 'A birthday can only be chosen on a Milestone Date capsule',
  dateAndBirthday: 'Choose a delivery date or a birthday, not both',
  rule: (name: string, age: number) => `On ${possessive(name)} ${ordinal(age)} birthday`,
} as const;

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 101st, 111th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

const possessive = (name: string) => {
  const first = name.trim().split(/\s+/)[0] || 'the recipient';
  return first.endsWith('s') ? `${first}'` : `${first}'s`;
};

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The day of the Nth birthday, 'YYYY-MM-DD'. Someone born on 29 February has their birthday on
 * 1 March in a year without one: the capsule then never opens before the day they come of age in
 * any reading (28 February would be a day early in the reading that counts 1 March).
 */
export function nthBirthday(birthday: string, age: number): string {
  const [year, month, day] = birthday.slice(0, 10).split('-').map(Number) as [number, number, number];
  const target = year + age;
  if (month === 2 && day === 29 && !isLeapYear(target)) return `${String(target).padStart(4, '0')}-03-01`;
  return `${String(target).padStart(4, '0')}-${birthday.slice(5, 10)}`;
}

/**
 * The delivery date the rule gives, or why it cannot be used: the recipient's birthday must be
 * known, and the birthday must still be to come (today counts: it opens today).
 */
export function birthdayRuleDate(
  recipient: { name: string; birthday: string | null | undefined },
  age: number,
  today: string,
): { ok: true; date: string } | (Verdict & { ok: false }) {
  if (!Number.isInteger(age) || age < BIRTHDAY_AGE_MIN || age > BIRTHDAY_AGE_MAX)
    return { ok: false, reason: BIRTHDAY_RULE_TEXTS.ageInvalid };
  const birthday = recipient.birthday?.slice(0, 10);
  if (!birthday || !isCalendarDate(birthday))
    return { ok: false, reason: BIRTHDAY_RULE_TEXTS.noBirthday(recipient.name) };
  const date = nthBirthday(birthday, age);
  if (compareCalendarDates(date, today) < 0)
    return { ok: false, reason: BIRTHDAY_RULE_TEXTS.passed(recipient.name, age, date) };
  return { ok: true, date };
}

export const birthdayAgeSchema = z
  .number({ error: BIRTHDAY_RULE_TEXTS.ageInvalid })
  .int(BIRTHDAY_RULE_TEXTS.ageInvalid)
  .min(BIRTHDAY_AGE_MIN, BIRTHDAY_RULE_TEXTS.ageInvalid)
  .max(BIRTHDAY_AGE_MAX, BIRTHDAY_RULE_TEXTS.ageInvalid);
