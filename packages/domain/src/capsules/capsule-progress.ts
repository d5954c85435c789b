import { type Instant, parseInstant } from '../contacts/calendar-date.js';

/**
 * Card progress (spec section 4): the elapsed share of the span from purchase to delivery,
 * in whole percent, 0 to 100. Null when either date is missing or unreadable: the card
 * then shows no progress measure rather than a made-up one. A delivery date on or before
 * the purchase counts as 100 once reached.
 */
export function cardProgress(
  purchaseDate: Instant | null | undefined,
  deliveryDate: Instant | null | undefined,
  now: Instant,
): number | null {
  const start = parseInstant(purchaseDate);
  const end = parseInstant(deliveryDate);
  const at = parseInstant(now);
  if (!start || !end || !at) return null;
  const span = end.diff(start);
  if (span <= 0) return at.isBefore(end) ? 0 : 100;
  const share = (at.diff(start) / span) * 100;
  return Math.round(Math.min(100, Math.max(0, share)));
}

/**
 * Whole calendar days from today (UTC) to the delivery date: 0 on the day, negative once
 * passed, null without a readable date.
 */
export function daysUntil(deliveryDate: Instant | null | undefined, now: Instant): number | null {
  const end = parseInstant(deliveryDate);
  const at = parseInstant(now);
  if (!end || !at) return null;
  return end.startOf('day').diff(at.startOf('day'), 'day');
}

type CountdownColor = 'green' | 'lime' | 'yellow' | 'orange' | 'red' | 'gray';

/**
 * The countdown badge, green far from delivery to red close to it: more than a year green,
 * more than 90 days lime, more than 30 yellow, more than 7 orange, else (a week or less,
 * or passed) red. Gray when there is no date.
 */
export function countdownColor(daysLeft: number | null | undefined): CountdownColor {
  if (daysLeft === null || daysLeft === undefined || Number.isNaN(daysLeft)) return 'gray';
  if (daysLeft > 365) return 'green';
  if (daysLeft > 90) return 'lime';
  if (daysLeft > 30) return 'yellow';
  if (daysLeft > 7) return 'orange';
  return 'red';
}
