import { describe, expect, it } from 'vitest';
import { releaseVerdict, submitVerdict } from '../received/release.js';
import {
  type CapsuleFacts,
  canAssignRecipient,
  canAutoLock,
  canDeleteVideo,
  canLock,
  canRecover,
  canSetCapsuleInfo,
  canStartUpload,
  type Verdict,
} from './capsule-guards.js';
import { checkCapsuleInfoCriteria } from './capsule-info.schema.js';
import { type CapsuleStatus, DELIVERY_CRITERIA, type DeliveryCriteria } from './capsule-status.js';

// The proof that no reachable state leaves a locked capsule unable to open
// (docs/decisions/021). A model of one capsule walks every order of actions the guards allow,
// for every release condition a package can carry: each action is taken only when the same
// guard the server enforces under the row lock says ok, and changes what the server's write
// changes. In every state reached, a locked capsule must be able to open: delivered, with the
// recipient's part done (a document sent and verified), at a late enough time, the domain's
// release rule says ok, without the sender having to do anything more.
// Capsules marked for deletion (a lapsed storage plan) are outside the claim while marked:
// their owner recovers them (modelled) or lets them go.

// Time is kept as what the guards can tell apart: the whole days since the upload, up to the
// first day the 10-day window is closed. The date the sender picks is a day ahead of the walk's
// clock (the picker allows no past day); the guards read only whether there is one.
const DAY = 86_400_000;
const UPLOADED_AT = Date.parse('2026-01-01T12:00:00Z');
const WINDOW_CLOSED = 11;
const instant = (days: number) => new Date(UPLOADED_AT + days * DAY).toISOString();
const PICKED_DATE = '2026-02-01';
/** Long after everything: every date the walk sets has come. */
const LATE = '2056-01-01T00:00:00Z';

interface Model {
  criteria: DeliveryCriteria;
  status: CapsuleStatus;
  /** Before Upload_In_Progress: what an expired slot goes back to. */
  statusBeforeUpload: CapsuleStatus | null;
  previousStatus: CapsuleStatus | null;
  /** Whole days since the upload (WINDOW_CLOSED and more alike); null without an upload. */
  sinceUpload: number | null;
  /** A video that passed review is kept. */
  hasVideo: boolean;
  deliveryDate: string | null;
  locked: boolean;
  delivered: boolean;
}

const factsOf = (m: Model): CapsuleFacts => ({
  status: m.status,
  uploadDate: m.sinceUpload === null ? null : instant(0),
  locked: m.locked,
  previewViewed: false,
  deliveredAt: m.delivered ? instant(m.sinceUpload ?? 0) : null,
  previousStatus: m.previousStatus,
  hasVideo: m.hasVideo,
  deliveryCriteria: m.criteria,
  deliveryDate: m.deliveryDate,
});

type Action = { name: string; run: (m: Model) => Model | null };
const when = (verdict: Verdict, next: () => Model): Model | null => (verdict.ok ? next() : null);
const now = (m: Model) => instant(m.sinceUpload ?? 0);

const setDateAllowed = (m: Model, date: string) =>
  checkCapsuleInfoCriteria({ deliveryDate: date }, m.criteria).ok
    ? canSetCapsuleInfo(factsOf(m), { deliveryDate: date })
    : { ok: false as const, reason: 'not a milestone capsule' };

/** Every action of the sender, the jobs and the clock, each behind the server's guard. */
const ACTIONS: Action[] = [
  {
    name: 'assign recipient',
    run: (m) => when(canAssignRecipient(factsOf(m)), () => ({ ...m, status: 'Pending_Upload' })),
  },
  {
    name: 'set the delivery date',
    run: (m) => when(setDateAllowed(m, PICKED_DATE), () => ({ ...m, deliveryDate: PICKED_DATE })),
  },
  {
    name: 'start an upload',
    run: (m) =>
      when(canStartUpload(factsOf(m), now(m)), () => ({
        ...m,
        statusBeforeUpload: m.status,
        status: 'Upload_In_Progress',
      })),
  },
  {
    name: 'let the upload slot expire',
    run: (m) =>
      m.status === 'Upload_In_Progress' && m.statusBeforeUpload
        ? { ...m, status: m.statusBeforeUpload, statusBeforeUpload: null }
        : null,
  },
  {
    name: 'complete the upload',
    run: (m) =>
      m.status === 'Upload_In_Progress'
        ? { ...m, status: 'Reviewing', statusBeforeUpload: null, sinceUpload: 0 }
        : null,
  },
  {
    name: 'pass the review',
    run: (m) => (m.status === 'Reviewing' ? { ...m, status: 'Sent', hasVideo: true } : null),
  },
  {
    // A refused re-upload keeps the video it was to replace (upload-review.service.ts).
    name: 'fail the review',
    run: (m) => (m.status === 'Reviewing' ? { ...m, status: 'Needs_Review' } : null),
  },
  {
    name: 'lock',
    run: (m) => when(canLock(factsOf(m), now(m)), () => ({ ...m, locked: true })),
  },
  {
    // The Lock dialog's date: set with the lock in one transaction (capsule-actions.service.ts).
    name: 'lock with the date the dialog asks for',
    run: (m) => {
      if (!setDateAllowed(m, PICKED_DATE).ok) return null;
      const dated = { ...m, deliveryDate: PICKED_DATE };
      return when(canLock(factsOf(dated), now(m)), () => ({ ...dated, locked: true }));
    },
  },
  {
    name: 'the 10-day auto-lock sweep',
    run: (m) => when(canAutoLock(factsOf(m), now(m)), () => ({ ...m, locked: true })),
  },
  {
    name: 'delete the video',
    run: (m) =>
      when(canDeleteVideo(factsOf(m), now(m)), () => ({
        ...m,
        status: 'Pending_Upload',
        sinceUpload: null,
        hasVideo: false,
      })),
  },
  {
    // A lapsed storage plan (capsule-lapse.repository.ts): undelivered and not busy capsules.
    name: 'mark for deletion (lapsed plan)',
    run: (m) =>
      !m.delivered && !['To_Delete', 'Upload_In_Progress', 'Reviewing'].includes(m.status)
        ? { ...m, previousStatus: m.status, status: 'To_Delete' }
        : null,
  },
  {
    name: 'recover',
    run: (m) => {
      const verdict = canRecover(factsOf(m));
      return verdict.ok ? { ...m, status: verdict.restoreTo, previousStatus: null } : null;
    },
  },
  {
    // The delivery sweep: a locked capsule, not marked for deletion (delivery.service.ts).
    name: 'deliver',
    run: (m) => (m.locked && !m.delivered && m.status !== 'To_Delete' ? { ...m, delivered: true } : null),
  },
  {
    name: 'a day passes',
    run: (m) =>
      m.sinceUpload !== null && m.sinceUpload < WINDOW_CLOSED
        ? { ...m, sinceUpload: m.sinceUpload + 1 }
        : null,
  },
  {
    name: 'eleven days pass',
    run: (m) =>
      m.sinceUpload !== null && m.sinceUpload < WINDOW_CLOSED ? { ...m, sinceUpload: WINDOW_CLOSED } : null,
  },
];

/**
 * What happens after the lock without the sender: delivery, the recipient's document sent and
 * verified (submitVerdict allows the first submission), and time long enough. Answers the
 * release rule's verdict at the end.
 */
function openWithoutTheSender(m: Model): Verdict {
  const submit = submitVerdict({ criteria: m.criteria, documentStatus: null });
  const documentStatus = submit.ok ? 'Verified' : null;
  return releaseVerdict(
    { criteria: m.criteria, deliveryDate: m.deliveryDate, documentStatus, hasVideo: m.hasVideo },
    LATE,
  );
}

const keyOf = (m: Model) => JSON.stringify(m);

/** Every state reachable from a purchased capsule, breadth first, with the path to it. */
function reachable(criteria: DeliveryCriteria): Map<string, { model: Model; path: string[] }> {
  const start: Model = {
    criteria,
    status: 'Pending_Recipient',
    statusBeforeUpload: null,
    previousStatus: null,
    sinceUpload: null,
    hasVideo: false,
    deliveryDate: null,
    locked: false,
    delivered: false,
  };
  const seen = new Map([[keyOf(start), { model: start, path: [] as string[] }]]);
  const queue = [start];
  while (queue.length > 0) {
    const model = queue.shift() as Model;
    const path = seen.get(keyOf(model))?.path ?? [];
    for (const action of ACTIONS) {
      const next = action.run(model);
      if (!next || seen.has(keyOf(next))) continue;
      seen.set(keyOf(next), { model: next, path: [...path, action.name] });
      queue.push(next);
    }
  }
  return seen;
}

describe('no reachable state leaves a locked capsule unable to open', () => {
  it.each(DELIVERY_CRITERIA)(
    '%s: every locked state opens once delivered, with nothing more from the sender',
    (criteria) => {
      const states = [...reachable(criteria).values()];
      const locked = states.filter(({ model }) => model.locked && model.status !== 'To_Delete');
      // The walk really went through the lifecycle: states the sweep locks, deliveries.
      expect(states.some(({ model }) => !model.locked && canAutoLock(factsOf(model), now(model)).ok)).toBe(
        true,
      );
      expect(locked.some(({ model }) => model.delivered)).toBe(true);
      const deadEnds = locked
        .filter(({ model }) => !openWithoutTheSender(model).ok)
        .map(({ model, path }) => ({ path: path.join(' -> '), reason: openWithoutTheSender(model) }));
      expect(deadEnds).toEqual([]);
    },
  );

  it('Milestone_Date: a capsule waits unlocked for its date, past the window, and locks once it has one', () => {
    const states = [...reachable('Milestone_Date').values()].map((s) => s.model);
    const waiting = states.filter(
      (m) => !m.locked && m.status === 'Sent' && m.deliveryDate === null && m.sinceUpload === WINDOW_CLOSED,
    );
    expect(waiting.length).toBeGreaterThan(0);
    for (const m of waiting) {
      expect(canAutoLock(factsOf(m), now(m)).ok).toBe(false);
      expect(setDateAllowed(m, PICKED_DATE)).toEqual({ ok: true });
      expect(canAutoLock(factsOf({ ...m, deliveryDate: PICKED_DATE }), now(m))).toEqual({ ok: true });
    }
  });

  it('a capsule locked without its date before this rule (stored data) can still be given one, once, and then opens', () => {
    const legacy: Model = {
      criteria: 'Milestone_Date',
      status: 'Sent',
      statusBeforeUpload: null,
      previousStatus: null,
      sinceUpload: WINDOW_CLOSED,
      hasVideo: true,
      deliveryDate: null,
      locked: true,
      delivered: true,
    };
    expect(openWithoutTheSender(legacy).ok).toBe(false);
    expect(setDateAllowed(legacy, PICKED_DATE)).toEqual({ ok: true });
    const dated = { ...legacy, deliveryDate: PICKED_DATE };
    expect(openWithoutTheSender(dated)).toEqual({ ok: true });
    // Once: the date it got is final like the rest of a locked capsule.
    expect(setDateAllowed(dated, '2027-01-01').ok).toBe(false);
  });
});
