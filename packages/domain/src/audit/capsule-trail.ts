import { ordinal } from '../capsules/birthday-rule.js';
import { formatDate } from '../display/dates.js';

// A capsule's record (docs/server-rules.md, 'Capsule record'): what happened to it that decides
// whether and when it opens, one row per event, never changed or deleted. Written by the server
// as the events happen; shown whole to the sender and to operators, and to the recipient the
// part about them. The words are here so the web page and the admin CLI say the same thing.

export const TRAIL_EVENTS = [
  /** The sender (or the 10-day sweep) locked it: its release rule is fixed from now on. */
  'locked',
  /** It reached the recipient's account. */
  'delivered',
  /** The recipient submitted a document; its SHA-256 as stored. */
  'document_submitted',
  /** An operator verified or rejected that document. */
  'document_reviewed',
  /** The release rule was asked whether the recipient may watch it, and what it answered. */
  'release_decided',
  /** The recipient was given the video for the first time. */
  'opened',
  /** The sender objected to a verified document inside the objection window. */
  'objected',
] as const;
export type TrailEvent = (typeof TRAIL_EVENTS)[number];

export const TRAIL_ACTORS = ['sender', 'recipient', 'operator', 'system'] as const;
export type TrailActor = (typeof TRAIL_ACTORS)[number];

/** What each event records beside who and when; all optional so an old row still reads. */
export interface TrailDetails {
  /** The release rule (delivery criteria) the event was decided under. */
  rule?: string;
  deliveryDate?: string | null;
  /** The date is the recipient's Nth birthday (the birthday rule), this N. */
  birthdayAge?: number | null;
  /** A document capsule opens no earlier than this day (the combined rule). */
  notBefore?: string | null;
  /** When delivery became or was due (ISO). */
  dueAt?: string | null;
  documentStatus?: string | null;
  /** The verdict of a decision: 'open', 'refused', 'Verified', 'Rejected'. */
  verdict?: string;
  /** Why: a refusal's words, a rejection's reason. */
  reason?: string | null;
  sha256?: string;
  size?: number;
  imageType?: string | null;
  /** An operator's name, as the admin CLI was given it (shown to the sender and operators). */
  operator?: string | null;
  /** A verified document's capsule opens then, unless the sender objects (ISO). */
  opensAt?: string | null;
}

export interface TrailEntry {
  /** ISO instant. */
  at: string;
  event: TrailEvent;
  actor: TrailActor;
  details: TrailDetails;
}

export type TrailViewer = 'sender' | 'recipient' | 'operator';

/** The recipient sees what they did and what was decided about them; not the sender's side. */
const RECIPIENT_EVENTS: ReadonlySet<TrailEvent> = new Set([
  'delivered',
  'document_submitted',
  'document_reviewed',
  'release_decided',
  'opened',
]);

export function visibleTo(viewer: TrailViewer, event: TrailEvent): boolean {
  return viewer !== 'recipient' || RECIPIENT_EVENTS.has(event);
}

const RULE_WORDS: Record<string, string> = {
  Milestone_Date: 'on its milestone date',
  View_Any_Time: 'at any time',
  Document_Validation: 'once a document is verified',
  Premium_Verification: 'once a document is verified',
};

const ruleWords = (d: TrailDetails) => {
  const words = RULE_WORDS[d.rule ?? ''] ?? `by the rule ${d.rule ?? 'unknown'}`;
  if (d.notBefore && d.rule !== 'Milestone_Date')
    return `${words}, not before ${formatDate(d.notBefore)}${d.birthdayAge ? `, the recipient's ${ordinal(d.birthdayAge)} birthday` : ''}`;
  if (d.rule !== 'Milestone_Date' || !d.deliveryDate) return words;
  const on = `on ${formatDate(d.deliveryDate)}`;
  return d.birthdayAge ? `${on}, the recipient's ${ordinal(d.birthdayAge)} birthday` : on;
};

/** One line for the event, as the viewer should read it. */
export function describeTrailEntry(entry: TrailEntry, viewer: TrailViewer): string {
  const d = entry.details;
  const who = (side: 'sender' | 'recipient') =>
    viewer === side ? 'You' : side === 'sender' ? 'The sender' : 'The recipient';
  switch (entry.event) {
    case 'locked':
      return entry.actor === 'system'
        ? `Locked automatically, 10 days after its video was stored; it opens ${ruleWords(d)}.`
        : `${who('sender')} locked it; it opens ${ruleWords(d)}.`;
    case 'delivered':
      return viewer === 'recipient' ? 'Delivered to your account.' : "Delivered to the recipient's account.";
    case 'document_submitted':
      return `${who('recipient')} submitted a document (SHA-256 ${d.sha256 ?? 'unknown'}).`;
    case 'document_reviewed': {
      const by = viewer !== 'recipient' && d.operator ? ` by ${d.operator}` : '';
      if (d.verdict !== 'Verified') return `The document was rejected${by}: ${d.reason ?? 'no reason given'}`;
      if (!d.opensAt) return `The document was verified${by}.`;
      const opens = formatDate(d.opensAt);
      return viewer === 'recipient'
        ? `The document was approved; the capsule opens on ${opens}.`
        : `The document was verified${by}; it opens on ${opens} unless ${viewer === 'sender' ? 'you object' : 'the sender objects'}.`;
    }
    case 'objected':
      return `${who('sender')} objected to the verdict: ${d.reason ?? ''}`.trim();
    case 'release_decided':
      return d.verdict === 'open'
        ? `The release rule (${ruleWords(d)}) let it open.`
        : `The release rule (${ruleWords(d)}) kept it closed: ${d.reason ?? ''}`.trim();
    case 'opened':
      return `${who('recipient')} opened it.`;
  }
}
