import type { Instant } from '../contacts/calendar-date.js';
import {
  CAPSULE_REFUSALS,
  type CapsuleFacts,
  canAssignRecipient,
  canDeleteVideo,
  canLock,
  canPreview,
  canReuploadVideo,
  canSetCapsuleInfo,
  canUploadVideo,
} from './capsule-guards.js';
import { type CapsuleStatus, normaliseStatus } from './capsule-status.js';

// Which buttons a sender's capsule card shows (spec section 4, 'Actions by status'). Where
// the server has a guard, the button follows the guard, so a shown action is never refused.

export interface CapsuleActions {
  assignRecipient: boolean;
  uploadVideo: boolean;
  recoverCapsule: boolean;
  viewDetails: boolean;
  oneTimePreview: boolean;
  reuploadVideo: boolean;
  /** The card's options menu (Pending_Upload, Needs_Review, Sent). */
  optionsMenu: boolean;
  /** Set Capsule Info is always in the menu (spec) ... */
  setCapsuleInfo: boolean;
  /** ... but shown disabled, with this reason, when the server would refuse it (locked). */
  setCapsuleInfoRefusal: string | null;
  lockCapsule: boolean;
  /**
   * Lock Capsule is offered although the lock would be refused for want of a delivery date:
   * its dialog says so and asks for the date, which the lock call then sets with the lock.
   */
  lockNeedsDeliveryDate: boolean;
  /** The menu's Delete Capsule: it deletes the video (docs/server-rules.md, 'Capsule lifecycle'). */
  deleteCapsule: boolean;
}

const WITH_DETAILS: readonly CapsuleStatus[] = ['Sent', 'Reviewing', 'Needs_Review', 'Processed'];
const WITH_MENU: readonly CapsuleStatus[] = ['Pending_Upload', 'Needs_Review', 'Sent'];

export function capsuleActions(capsule: CapsuleFacts, now: Instant): CapsuleActions {
  const status = normaliseStatus(capsule.status);
  const optionsMenu = status !== null && WITH_MENU.includes(status);
  const setInfo = canSetCapsuleInfo(capsule);
  const lock = canLock(capsule, now);
  const lockNeedsDeliveryDate = !lock.ok && lock.reason === CAPSULE_REFUSALS.needsDeliveryDate;
  return {
    assignRecipient: canAssignRecipient(capsule).ok,
    uploadVideo: canUploadVideo(capsule).ok,
    // Shown on To_Delete alone: the previous status Recover needs is the server's to know.
    recoverCapsule: status === 'To_Delete',
    viewDetails: status !== null && WITH_DETAILS.includes(status),
    oneTimePreview: canPreview(capsule).ok,
    reuploadVideo: canReuploadVideo(capsule, now).ok,
    optionsMenu,
    setCapsuleInfo: optionsMenu,
    setCapsuleInfoRefusal: optionsMenu && !setInfo.ok ? setInfo.reason : null,
    lockCapsule: optionsMenu && (lock.ok || lockNeedsDeliveryDate),
    lockNeedsDeliveryDate: optionsMenu && lockNeedsDeliveryDate,
    deleteCapsule: optionsMenu && canDeleteVideo(capsule, now).ok,
  };
}

type CardClickAction = 'assignRecipient' | 'upload' | 'details';

/** What a click on the card opens (spec section 2, 'My Capsules page'). */
export function cardClickAction(status: string | null | undefined): CardClickAction {
  const canonical = normaliseStatus(status);
  if (canonical === 'Pending_Recipient') return 'assignRecipient';
  return canonical === 'Pending_Upload' ? 'upload' : 'details';
}
