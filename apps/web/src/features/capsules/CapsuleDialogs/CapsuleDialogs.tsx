import { Center, Loader, Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { AssignRecipientDialog } from '../AssignRecipientDialog/AssignRecipientDialog';
import { CapsuleDetailsDialog } from '../CapsuleDetailsDialog/CapsuleDetailsDialog';
import { CapsuleInfoDialog } from '../CapsuleInfoDialog/CapsuleInfoDialog';
import { DeleteVideoDialog } from '../DeleteVideoDialog/DeleteVideoDialog';
import { LockCapsuleDialog } from '../LockCapsuleDialog/LockCapsuleDialog';
import { RecoverCapsuleDialog } from '../RecoverCapsuleDialog/RecoverCapsuleDialog';
import { isReplacing, type OpenCapsuleDialog } from './dialog-state';

// The upload dialog (and, when an upload starts, the storage SDK) and the preview player load
// when first opened, not with the dashboard: most visits use neither (issue 10's budget).
const UploadVideoDialog = lazy(() => import('../UploadVideoDialog/UploadVideoDialog'));
const PreviewDialog = lazy(() => import('../PreviewDialog/PreviewDialog'));

function Loading({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Center py="xl" aria-busy aria-label={`Loading ${title}`}>
        <Loader />
      </Center>
    </Modal>
  );
}

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
          fallback={<Loading title={replacing ? 'Replace Video' : 'Upload Video'} onClose={onClose} />}
        >
          <UploadVideoDialog {...props} replacing={replacing} />
        </Suspense>
      );
    }
    case 'preview':
      return (
        <Suspense key={key} fallback={<Loading title="One-Time Preview" onClose={onClose} />}>
          <PreviewDialog {...props} />
        </Suspense>
      );
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
