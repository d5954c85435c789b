import { Center, Loader, Modal } from '@mantine/core';

/**
 * What a dialog whose code loads on first opening shows meanwhile (such dialogs stay
 * out of the code a page evaluates before its content): its own title over a loader.
 */
export function LoadingDialog({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Center py="xl" aria-busy aria-label={`Loading ${title}`}>
        <Loader />
      </Center>
    </Modal>
  );
}
