import { cardClickAction, normaliseStatus } from '@capsule/domain';
import type { Capsule } from '../capsule-display';

/** The dialogs a sender opens on a capsule (spec section 2, 'Dialogs'). */
export type CapsuleDialogKind =
  | 'assignRecipient'
  | 'upload'
  | 'reupload'
  | 'preview'
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
 * What a click on a card opens (cardClickAction, spec section 2): Assign Recipient, the
 * upload dialog, or Details. An upload left under way (a reload, a closed tab) also opens the
 * upload dialog, which offers to resume it: the spec has no resume, and Details could only
 * say that an upload is in progress.
 */
export function dialogForCardClick(status: string): CapsuleDialogKind {
  if (normaliseStatus(status) === 'Upload_In_Progress') return 'upload';
  const action = cardClickAction(status);
  return action === 'assignRecipient' ? 'assignRecipient' : action === 'upload' ? 'upload' : 'details';
}

/**
 * The upload dialog replaces the video (Replace Video, 'Video replaced') when opened as
 * Reupload Video, or when resuming a re-upload: the capsule already has an uploaded video.
 */
export function isReplacing(dialog: OpenCapsuleDialog): boolean {
  if (dialog.kind === 'reupload') return true;
  return (
    normaliseStatus(dialog.capsule.status) === 'Upload_In_Progress' && Boolean(dialog.capsule.uploadDate)
  );
}
