import { AFFILIATE_TEXTS } from '@capsule/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';

/**
 * A pending application taken back by its applicant, after a confirmation: the server deletes
 * it (affiliates.withdraw) and the page offers the application form again. Refused once the
 * application was decided (409, the server's reason in the toast): the page then shows where
 * it stands now.
 */
export function WithdrawApplication() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, { open, close }] = useDisclosure(false);
  const withdraw = useMutation(
    trpc.affiliates.withdraw.mutationOptions({
      onSuccess: () => {
        close();
        queryClient.setQueryData(trpc.affiliates.me.queryKey(), null);
        void queryClient.invalidateQueries({ queryKey: trpc.affiliates.terms.queryKey() });
        toast({ title: AFFILIATE_TEXTS.withdrawn, description: AFFILIATE_TEXTS.withdrawnBody });
      },
      onError: (error) => {
        close();
        toast({
          title: AFFILIATE_TEXTS.withdrawFailed,
          description: serverErrorMessage(error),
          variant: 'destructive',
        });
        void queryClient.invalidateQueries({ queryKey: trpc.affiliates.me.queryKey() });
      },
    }),
  );

  return (
    <>
      <Button variant="default" color="red" size="sm" onClick={open}>
        {AFFILIATE_TEXTS.withdrawButton}
      </Button>
      <Modal
        opened={asking}
        onClose={close}
        title={AFFILIATE_TEXTS.withdrawConfirmTitle}
        centered
        size="sm"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack gap="md">
          <Text size="sm">{AFFILIATE_TEXTS.withdrawConfirmBody}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              {AFFILIATE_TEXTS.withdrawKeep}
            </Button>
            <Button color="red" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
              {AFFILIATE_TEXTS.withdrawConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
