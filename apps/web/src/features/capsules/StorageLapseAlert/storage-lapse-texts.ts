import { formatDate } from '@capsule/domain';

/** What the server says about a lapsed storage plan (subscriptions.current's `lapse`). */
export interface LapseWarning {
  lapsed: true;
  since: string;
  reason: 'payment_failed' | 'cancelled';
  deleteAfter: string;
  capsulesMarked: boolean;
}

/**
 * The dashboard's warning, in words: what happened, what will happen on which date, and that
 * delivered capsules are never affected (a lapse never deletes silently).
 */
export function lapseWarningText(lapse: LapseWarning): { title: string; body: string } {
  const what =
    lapse.reason === 'payment_failed'
      ? `The annual storage payment for your plan could not be collected on ${formatDate(lapse.since)}.`
      : `Your storage plan was cancelled on ${formatDate(lapse.since)}.`;
  if (lapse.capsulesMarked) {
    return {
      title: 'Your undelivered capsules are marked for deletion',
      body: `${what} Your capsules that have not been delivered yet were marked for deletion on ${formatDate(lapse.deleteAfter)}. Use Recover Capsule on each within 30 days to keep it. Delivered capsules are not affected.`,
    };
  }
  return {
    title: 'Your storage plan needs attention',
    body: `${what} Nothing has been deleted. Unless the plan is renewed by ${formatDate(lapse.deleteAfter)}, your capsules that have not been delivered yet will be marked for deletion. Delivered capsules are never affected.`,
  };
}
