import { cardClickAction } from '@capsule/domain';
import type { Capsule } from '../capsule-display';

/** The dialogs a sender opens on a capsule (spec section 2, 'Dialogs'). */
export type CapsuleDialogKind =
  | 'assignRecipient'
  | 'setInfo'
  | 'details'
  | 'lock'
  | 'deleteVideo'
  | 'recover';

export interface OpenCapsuleDialog {
  kind: CapsuleDialogKind;
  capsule: Capsule;
}

/**
 * What a click on a card opens (cardClickAction, spec section 2). The upload dialog is the
 * next issue's: until it lands, a Pending_Upload card opens Capsule Details, which says
 * plainly that no video is uploaded yet, rather than anything that looks like an upload.
 */
export function dialogForCardClick(status: string): CapsuleDialogKind {
  const action = cardClickAction(status);
  return action === 'assignRecipient' ? 'assignRecipient' : 'details';
}
