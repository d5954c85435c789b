import { AssignRecipientDialog } from '../AssignRecipientDialog/AssignRecipientDialog';
import { CapsuleDetailsDialog } from '../CapsuleDetailsDialog/CapsuleDetailsDialog';
import { CapsuleInfoDialog } from '../CapsuleInfoDialog/CapsuleInfoDialog';
import { DeleteVideoDialog } from '../DeleteVideoDialog/DeleteVideoDialog';
import { LockCapsuleDialog } from '../LockCapsuleDialog/LockCapsuleDialog';
import { RecoverCapsuleDialog } from '../RecoverCapsuleDialog/RecoverCapsuleDialog';
import type { OpenCapsuleDialog } from './dialog-state';

interface CapsuleDialogsProps {
  dialog: OpenCapsuleDialog | null;
  onClose: () => void;
}

/** The one dialog open on My Capsules, if any; each starts fresh when it opens. */
export function CapsuleDialogs({ dialog, onClose }: CapsuleDialogsProps) {
  if (!dialog) return null;
  const key = `${dialog.kind}:${dialog.capsule.id}`;
  const props = { capsule: dialog.capsule, onClose };
  switch (dialog.kind) {
    case 'assignRecipient':
      return <AssignRecipientDialog key={key} {...props} />;
    case 'setInfo':
      return <CapsuleInfoDialog key={key} {...props} />;
    case 'details':
      return <CapsuleDetailsDialog key={key} {...props} />;
    case 'lock':
      return <LockCapsuleDialog key={key} {...props} />;
    case 'deleteVideo':
      return <DeleteVideoDialog key={key} {...props} />;
    case 'recover':
      return <RecoverCapsuleDialog key={key} {...props} />;
  }
}
