import type { Verdict } from '../capsules/capsule-guards.js';
import { type DeliveryCriteria, normaliseDeliveryCriteria } from '../capsules/capsule-status.js';
import { type Instant, parseInstant } from '../contacts/calendar-date.js';
import { formatDate } from '../display/dates.js';

// The recipient's two rules (spec section 2, Received Capsules 'Buttons'; section 6;
// docs/server-rules.md, 'Received capsules'), once: the server enforces them (secure URL, document upload) and the
// client shows the buttons from them. Each answers ok or the reason it refuses, which the
// server sends as the 403 (or 409) text.

/** Document verification status of a received capsule (migration 0003's CHECK). */
export const DOCUMENT_STATUSES = ['Submitted', 'Verified', 'Rejected'] as const;

/** Criteria that open only once the recipient's document is verified. */
export const DOCUMENT_CRITERIA: readonly DeliveryCriteria[] = ['Document_Validation', 'Premium_Verification'];

/** What the rules read of a received capsule; field names match the ReceivedCapsule output. */
export interface ReceivedFacts {
  criteria: string;
  /** 'YYYY-MM-DD' (a calendar day, read in UTC as the spec's display rules read dates). */
  deliveryDate?: string | null;
  documentStatus?: string | null;
  /** A stored video exists (the spec's 'stored file'). */
  hasVideo: boolean;
  /**
   * A verified document's capsule opens at this instant (the sender's objection window, ISO);
   * null or absent: at once.
   */
  opensAt?: string | null;
  /**
   * A document capsule's not-before day ('YYYY-MM-DD', the combined rule): verified, it opens at
   * the start of that day (UTC) at the earliest. Null or absent: no such day.
   */
  notBefore?: string | null;
}

export const RELEASE_TEXTS = {
  opensOn: (date: string) => `This capsule opens on ${formatDate(date)}.`,
  noMilestoneDate: 'This capsule opens on its milestone date, which has not been set yet.',
  needsDocument: 'This capsule opens once your document is verified.',
  documentInReview: 'Your document is being reviewed. This capsule opens once it is verified.',
  documentRejected: 'Your document was not accepted. Submit a new document to open this capsule.',
  approvedOpensOn: (at: string) => `Approved, opens on ${formatDate(at)}.`,
  verifiedNotBefore: (date: string) =>
    `Your document is verified. This capsule opens on ${formatDate(date)}.`,
  noVideo: 'This capsule has no video to play yet.',
  unknownCriteria: 'This capsule has an unknown release condition.',
} as const;

export const SUBMIT_TEXTS = {
  notNeeded: 'This capsule does not need a document.',
  verified: 'Your document has already been verified.',
  inReview: 'Your document is waiting to be reviewed. You will receive an email when it has been processed.',
} as const;

const OK: Verdict = { ok: true };
const refuse = (reason: string): Verdict => ({ ok: false, reason });

const isDocumentCriteria = (criteria: DeliveryCriteria | null) =>
  criteria !== null && DOCUMENT_CRITERIA.includes(criteria);

/**
 * The moment a Milestone_Date capsule opens: the start of its delivery date in UTC. The spec's
 * client compares `new Date(deliveryDate) < new Date()`, which reads the date as UTC midnight;
 * the server and the button agree on that one instant (docs/decisions, received capsules).
 */
export function milestoneOpensAt(deliveryDate: string | null | undefined): Date | null {
  const parsed = deliveryDate ? parseInstant(deliveryDate.slice(0, 10)) : null;
  return parsed ? parsed.toDate() : null;
}

/**
 * May the recipient watch it now ('View Capsule')? A stored video, and: View_Any_Time once
 * delivered; Milestone_Date from its delivery date on; Document_Validation and
 * Premium_Verification once the document is Verified and the sender's objection window is over.
 */
export function releaseVerdict(facts: ReceivedFacts, now: Instant): Verdict {
  const criteria = normaliseDeliveryCriteria(facts.criteria);
  if (criteria === 'Milestone_Date') {
    const opensAt = milestoneOpensAt(facts.deliveryDate);
    const at = parseInstant(now);
    if (!opensAt || !facts.deliveryDate) return refuse(RELEASE_TEXTS.noMilestoneDate);
    if (!at || at.valueOf() < opensAt.getTime()) return refuse(RELEASE_TEXTS.opensOn(facts.deliveryDate));
  } else if (isDocumentCriteria(criteria)) {
    if (facts.documentStatus === 'Submitted') return refuse(RELEASE_TEXTS.documentInReview);
    if (facts.documentStatus === 'Rejected') return refuse(RELEASE_TEXTS.documentRejected);
    if (facts.documentStatus !== 'Verified') return refuse(RELEASE_TEXTS.needsDocument);
    // Verified, and the sender's objection window (if one was opened) has ended.
    const opensAt = facts.opensAt ? parseInstant(facts.opensAt) : null;
    const at = parseInstant(now);
    if (facts.opensAt && opensAt && (!at || at.valueOf() < opensAt.valueOf()))
      return refuse(RELEASE_TEXTS.approvedOpensOn(facts.opensAt));
    // The combined rule: verified, and not before its day; whichever comes later opens it.
    const notBefore = milestoneOpensAt(facts.notBefore);
    if (facts.notBefore && notBefore && (!at || at.valueOf() < notBefore.getTime()))
      return refuse(RELEASE_TEXTS.verifiedNotBefore(facts.notBefore));
  } else if (criteria !== 'View_Any_Time') {
    return refuse(RELEASE_TEXTS.unknownCriteria);
  }
  return facts.hasVideo ? OK : refuse(RELEASE_TEXTS.noVideo);
}

/** The 'View Capsule' button, and the server's condition for the secure URL. */
export const canViewReceived = (facts: ReceivedFacts, now: Instant): boolean => releaseVerdict(facts, now).ok;

/**
 * May the recipient send a document ('Submit Documents')? Document_Validation and
 * Premium_Verification capsules, while the document is neither Verified nor waiting for the
 * operator (Submitted); after a Rejected one they may send another.
 */
export function submitVerdict(facts: Pick<ReceivedFacts, 'criteria' | 'documentStatus'>): Verdict {
  if (!isDocumentCriteria(normaliseDeliveryCriteria(facts.criteria))) return refuse(SUBMIT_TEXTS.notNeeded);
  if (facts.documentStatus === 'Verified') return refuse(SUBMIT_TEXTS.verified);
  if (facts.documentStatus === 'Submitted') return refuse(SUBMIT_TEXTS.inReview);
  return OK;
}

export const canSubmitDocuments = (facts: Pick<ReceivedFacts, 'criteria' | 'documentStatus'>): boolean =>
  submitVerdict(facts).ok;
