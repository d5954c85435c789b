import { canSubmitDocuments, normaliseDeliveryCriteria, releaseVerdict } from '@capsule/domain';
import type { RouterOutputs } from '@capsule/server/app-router';

/** A received capsule as receivedCapsules.list and .byId answer it (clean camelCase domain fields). */
export type ReceivedCapsule = RouterOutputs['receivedCapsules']['byId'];
export type ReceivedList = RouterOutputs['receivedCapsules']['list'];
export type ReceivedCounts = ReceivedList['counts'];

/** What a card offers, by the domain's two rules (the server enforces the same ones). */
export interface ReceivedActions {
  view: boolean;
  submitDocuments: boolean;
  /** Why the capsule cannot be watched yet, in the rule's words; null when it can. */
  closedReason: string | null;
}

/**
 * The card's and the dialog's buttons. The rules run here with the browser's clock, so a
 * Milestone_Date capsule opens on its day without a refetch; the server checks again when the
 * video is asked for (a 403 with its reason if the two disagree).
 */
export function receivedActions(capsule: ReceivedCapsule, now: Date): ReceivedActions {
  const verdict = releaseVerdict(capsule, now);
  return {
    view: verdict.ok,
    submitDocuments: canSubmitDocuments(capsule),
    closedReason: verdict.ok ? null : verdict.reason,
  };
}

/** The card's title: the capsule type (spec), else the capsule's own title. */
export const receivedTitle = (capsule: Pick<ReceivedCapsule, 'category' | 'title'>) =>
  capsule.category?.trim() || capsule.title;

/** True for the criteria that open with a verified document (the dialog's document line). */
export const needsDocument = (criteria: string) => {
  const canonical = normaliseDeliveryCriteria(criteria);
  return canonical === 'Document_Validation' || canonical === 'Premium_Verification';
};
