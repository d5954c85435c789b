import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { z } from 'zod';
import type { Verdict } from '../capsules/capsule-guards.js';
import { type Instant, parseInstant } from '../contacts/calendar-date.js';
import { formatDate } from '../display/dates.js';

// The sender's objection window for document releases (docs/server-rules.md, 'Received
// capsules'). When an operator verifies the recipient's document and the sender's account still
// exists, the capsule opens only once the window (OBJECTION_DAYS, default 7) ends; until then the
// sender may object with a reason, which sends the document back to the operators.

dayjs.extend(utc);

export const OBJECTION_REASON_MAX = 1000;

/**
 * When the window opened at `verdictAt` ends: `days` later, rounded up to the next midnight UTC,
 * the instant every day shown as 'opens on <day>' begins (as a Milestone_Date opens). A window
 * ending mid-day would open later than the day its texts name; rounded up, it opens on that day
 * and the sender has at least the days promised.
 */
export function objectionWindowEnd(verdictAt: Date, days: number): Date {
  const end = dayjs.utc(verdictAt).add(days, 'day');
  const midnight = end.startOf('day');
  return (midnight.isSame(end) ? midnight : midnight.add(1, 'day')).toDate();
}

export const OBJECTION_TEXTS = {
  reasonRequired: 'Please say why you object; the operator reads it.',
  reasonTooLong: `The reason is too long (at most ${OBJECTION_REASON_MAX} characters).`,
  nothingToObject: 'There is no approved document to object to.',
  windowEnded: 'The time to object has ended: the capsule is open.',
  objected: 'Your objection was sent. The document goes back to our team, who will read your reason.',
  pending: (endsAt: string) =>
    `The recipient's document was approved. The capsule opens on ${formatDate(endsAt)} unless you object before then.`,
} as const;

export const objectionInputSchema = z.object({
  capsuleId: z.uuid(),
  reason: z
    .string()
    .trim()
    .min(1, OBJECTION_TEXTS.reasonRequired)
    .max(OBJECTION_REASON_MAX, OBJECTION_TEXTS.reasonTooLong),
});
export type ObjectionInput = z.infer<typeof objectionInputSchema>;

/** What the objection rule reads of the received capsule. */
export interface ObjectionFacts {
  documentStatus: string | null;
  /** ISO instant, or null when no window was opened. */
  objectionEndsAt: string | Date | null;
}

/** The window is open at `now`: a verified document whose window has not ended. */
export function objectionWindowOpen(facts: ObjectionFacts, now: Instant): boolean {
  const ends = facts.objectionEndsAt ? parseInstant(facts.objectionEndsAt) : null;
  const at = parseInstant(now);
  return facts.documentStatus === 'Verified' && ends !== null && at !== null && at.valueOf() < ends.valueOf();
}

/** May the sender object now? The server enforces it; Capsule Details shows the button from it. */
export function canObject(facts: ObjectionFacts, now: Instant): Verdict {
  if (objectionWindowOpen(facts, now)) return { ok: true };
  if (facts.documentStatus === 'Verified' && facts.objectionEndsAt)
    return { ok: false, reason: OBJECTION_TEXTS.windowEnded };
  return { ok: false, reason: OBJECTION_TEXTS.nothingToObject };
}
