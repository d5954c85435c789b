import {
  BIRTHDAY_AGE_MAX,
  BIRTHDAY_AGE_MIN,
  BIRTHDAY_RULE_TEXTS,
  birthdayRuleDate,
  formatDate,
  localCalendarDate,
} from '@capsule/domain';
import { NumberInput, Text } from '@mantine/core';

interface BirthdayRuleFieldProps {
  recipientName: string | null;
  recipientBirthday: string | null;
  value: number | null;
  onChange: (age: number | null) => void;
  error?: string;
}

/**
 * The birthday rule (ours): the age, and the day it gives from the recipient's birthday as the
 * capsule keeps it, or why it cannot be used; the server works the date out the same way.
 */
export function BirthdayRuleField({
  recipientName,
  recipientBirthday,
  value,
  onChange,
  error,
}: BirthdayRuleFieldProps) {
  const name = recipientName ?? '';
  const rule =
    value === null
      ? null
      : birthdayRuleDate({ name, birthday: recipientBirthday }, value, localCalendarDate(new Date()));
  return (
    <>
      <NumberInput
        label="On which birthday"
        description={
          recipientBirthday
            ? `Born ${formatDate(recipientBirthday)}. If you correct the birthday in My Contacts before the lock, the date follows.`
            : BIRTHDAY_RULE_TEXTS.noBirthday(name)
        }
        placeholder="18"
        min={BIRTHDAY_AGE_MIN}
        max={BIRTHDAY_AGE_MAX}
        allowDecimal={false}
        allowNegative={false}
        value={value ?? ''}
        onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        error={error}
      />
      {rule && (
        <Text size="sm" c={rule.ok ? undefined : 'red'} data-testid="birthday-rule-date">
          {rule.ok ? `${BIRTHDAY_RULE_TEXTS.rule(name, value ?? 0)}: ${formatDate(rule.date)}.` : rule.reason}
        </Text>
      )}
    </>
  );
}
