import { describe, expect, it } from 'vitest';
import { BIRTHDAY_RULE_TEXTS, birthdayRuleDate, nthBirthday, ordinal } from './birthday-rule.js';

describe('the birthday rule', () => {
  it('gives the Nth birthday', () => {
    expect(nthBirthday('2008-05-01', 18)).toBe('2026-05-01');
    expect(nthBirthday('1999-12-31', 1)).toBe('2000-12-31');
  });

  it('puts a 29 February birthday on 1 March in a year without one, never a day early', () => {
    expect(nthBirthday('2008-02-29', 18)).toBe('2026-03-01');
    expect(nthBirthday('2008-02-29', 20)).toBe('2028-02-29');
    // 2100 is not a leap year (divisible by 100), 2000 was (divisible by 400).
    expect(nthBirthday('2000-02-29', 100)).toBe('2100-03-01');
    expect(nthBirthday('1996-02-29', 4)).toBe('2000-02-29');
  });

  it('opens on the birthday itself: the day before it is still to come, the day after it has passed', () => {
    const ada = { name: 'Ada Lovelace', birthday: '2008-05-01' };
    expect(birthdayRuleDate(ada, 18, '2026-04-30')).toEqual({ ok: true, date: '2026-05-01' });
    expect(birthdayRuleDate(ada, 18, '2026-05-01')).toEqual({ ok: true, date: '2026-05-01' });
    expect(birthdayRuleDate(ada, 18, '2026-05-02')).toEqual({
      ok: false,
      reason: "Ada's 18th birthday (2026-05-01) has already passed.",
    });
  });

  it('refuses without a birthday, and an age out of range', () => {
    expect(birthdayRuleDate({ name: 'Ada Lovelace', birthday: null }, 18, '2026-01-01')).toEqual({
      ok: false,
      reason: BIRTHDAY_RULE_TEXTS.noBirthday('Ada Lovelace'),
    });
    for (const age of [0, 151, 2.5, Number.NaN])
      expect(birthdayRuleDate({ name: 'Ada', birthday: '2008-05-01' }, age, '2026-01-01')).toEqual({
        ok: false,
        reason: BIRTHDAY_RULE_TEXTS.ageInvalid,
      });
  });

  it('words the rule', () => {
    expect(BIRTHDAY_RULE_TEXTS.rule('Ada Lovelace', 18)).toBe("On Ada's 18th birthday");
    expect(BIRTHDAY_RULE_TEXTS.rule('James Smith', 21)).toBe("On James' 21st birthday");
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
      '112th',
    ]);
  });
});
