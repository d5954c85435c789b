import { CAPSULE_INFO_TEXTS } from '@capsule/domain';
import { lazy, Suspense } from 'react';
import { LoadingDialog } from '../../../lib/ui/LoadingDialog/LoadingDialog';
import { AssignRecipientDialog } from '../AssignRecipientDialog/AssignRecipientDialog';
import { CapsuleDetailsDialog } from '../CapsuleDetailsDialog/CapsuleDetailsDialog';
import { DeleteVideoDialog } from '../DeleteVideoDialog/DeleteVideoDialog';
import { LockCapsuleDialog } from '../LockCapsuleDialog/LockCapsuleDialog';
import { RecoverCapsuleDialog } from '../RecoverCapsuleDialog/RecoverCapsuleDialog';
import { isReplacing, type OpenCapsuleDialog } from './dialog-state';

// The upload dialog (and, when an upload starts, the storage SDK), the preview player and the
// info dialog (with Mantine's date pickers) load when first opened, not with the dashboard: most
// visits use none of them (the code evaluated before the dashboard's content).
const UploadVideoDialog = lazy(() => import('../UploadVideoDialog/UploadVideoDialog'));
const PreviewDialog = lazy(() => import('../PreviewDialog/PreviewDialog'));
const CapsuleInfoDialog = lazy(() =>
  import('../CapsuleInfoDialog/CapsuleInfoDialog').then((m) => ({ default: m.CapsuleInfoDialog })),
);

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
    case 'upload':
    case 'reupload': {
      const replacing = isReplacing(dialog);
      return (
        <Suspense
          key={key}
          fallback={<LoadingDialog title={replacing ? 'Replace Video' : 'Upload Video'} onClose={onClose} />}
        >
          <UploadVideoDialog {...props} replacing={replacing} />
        </Suspense>
      );
    }
    case 'preview':
      return (
        <Suspense key={key} fallback={<LoadingDialog title="One-Time Preview" onClose={onClose} />}>
          <PreviewDialog {...props} />
        </Suspense>
      );
    case 'setInfo':
      return (
        <Suspense
          key={key}
          fallback={<LoadingDialog title={CAPSULE_INFO_TEXTS.dialogTitle} onClose={onClose} />}
        >
          <CapsuleInfoDialog {...props} />
        </Suspense>
      );
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
