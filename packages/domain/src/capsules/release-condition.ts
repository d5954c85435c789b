import { type Instant, parseInstant } from '../contacts/calendar-date.js';
import { formatDate } from '../display/dates.js';
import { milestoneOpensAt } from '../received/release.js';
import { ordinal } from './birthday-rule.js';
import { normaliseDeliveryCriteria } from './capsule-status.js';

// A capsule's release condition as its sender reads it (docs/decisions/021): on the card, in
// Capsule Details and in the dialogs, in plain words rather than the stored value
// ('Milestone_Date'). And the one fact the lock and the sweeps need from it: whether the
// capsule still lacks the date it opens on.

/** What these rules read of a capsule; the field names of the camelCase domain capsule. */
interface ReleaseConditionFacts {
  deliveryCriteria?: string | null;
  /** 'YYYY-MM-DD'. */
  deliveryDate?: string | null;
  recipientName?: string | null;
  deliveredAt?: Instant | null;
  /** The birthday rule's age (ours): the date is the recipient's Nth birthday. */
  birthdayAge?: number | null;
  /** The combined rule's not-before day (ours), 'YYYY-MM-DD'. */
  notBeforeDate?: string | null;
}

/**
 * A Milestone Date capsule opens on its date and on nothing else: without one it could never
 * open, so it may not be locked (canLock, canAutoLock).
 */
export function needsDeliveryDate(c: ReleaseConditionFacts): boolean {
  const date = c.deliveryDate;
  return (
    normaliseDeliveryCriteria(c.deliveryCriteria) === 'Milestone_Date' &&
    (date === null || date === undefined || date.trim() === '')
  );
}

const RELEASE_CONDITION_TEXTS = {
  opensOn: (date: string) => `Opens on ${formatDate(date)}`,
  opensOnBirthday: (firstName: string, age: number, date: string) =>
    `Opens on ${firstName || 'the recipient'}'s ${ordinal(age)} birthday, ${formatDate(date)}`,
  notBefore: (words: string, date: string) => `${words}, not before ${formatDate(date)}`,
  openSince: (date: string) => `Open since ${formatDate(date)}`,
  opensOnDelivery: (date: string) => `Opens once delivered (its date, ${formatDate(date)}, has passed)`,
  needsDate: 'Opens on its delivery date, which is not set yet',
  anyTime: 'Can be opened at any time',
  documentOf: (firstName: string) => `Opens when ${firstName}'s document is verified`,
  document: "Opens when the recipient's document is verified",
  unknown: 'Opens by a condition this portal does not know',
} as const;

/** 'Mia Wong' -> 'Mia': how a sentence about the recipient names them. */
const firstNameOf = (fullName: string | null | undefined) => fullName?.trim().split(/\s+/)[0] ?? '';

/**
 * The condition in plain words, read at `now`: 'Opens on May 4, 2030', 'Opens when Mia's
 * document is verified', 'Can be opened at any time'. A milestone date that has come reads
 * 'Open since …' once delivered, else says it opens once delivered.
 */
export function releaseConditionText(c: ReleaseConditionFacts, now: Instant): string {
  switch (normaliseDeliveryCriteria(c.deliveryCriteria)) {
    case 'Milestone_Date': {
      const opensAt = needsDeliveryDate(c) ? null : milestoneOpensAt(c.deliveryDate);
      if (!opensAt || !c.deliveryDate) return RELEASE_CONDITION_TEXTS.needsDate;
      const at = parseInstant(now);
      if (!at || at.valueOf() < opensAt.getTime())
        return c.birthdayAge
          ? RELEASE_CONDITION_TEXTS.opensOnBirthday(
              firstNameOf(c.recipientName),
              c.birthdayAge,
              c.deliveryDate,
            )
          : RELEASE_CONDITION_TEXTS.opensOn(c.deliveryDate);
      return c.deliveredAt
        ? RELEASE_CONDITION_TEXTS.openSince(c.deliveryDate)
        : RELEASE_CONDITION_TEXTS.opensOnDelivery(c.deliveryDate);
    }
    case 'View_Any_Time':
      return RELEASE_CONDITION_TEXTS.anyTime;
    case 'Document_Validation':
    case 'Premium_Verification': {
      const name = firstNameOf(c.recipientName);
      const words = name ? RELEASE_CONDITION_TEXTS.documentOf(name) : RELEASE_CONDITION_TEXTS.document;
      return c.notBeforeDate ? RELEASE_CONDITION_TEXTS.notBefore(words, c.notBeforeDate) : words;
    }
    default:
      return RELEASE_CONDITION_TEXTS.unknown;
  }
}
