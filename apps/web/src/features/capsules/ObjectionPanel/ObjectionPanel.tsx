import { OBJECTION_TEXTS, objectionInputSchema, objectionWindowOpen } from '@capsule/domain';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconHourglass } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf, serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useNow } from '../../../lib/use-now';
import type { Capsule } from '../capsule-display';
import { useRefreshCapsules } from '../use-capsule-cache';

const reasonSchema = objectionInputSchema.pick({ reason: true });

/**
 * The sender's objection window in Capsule Details (docs/server-rules.md, 'Received capsules'):
 * while a verified document's capsule waits to open, when it opens and an Object button; the
 * reason goes to the operators with the document. The server decides; this only shows it.
 */
export function ObjectionPanel({ capsule }: { capsule: Capsule }) {
  const now = useNow();
  const trpc = useTRPC();
  const refresh = useRefreshCapsules();
  const [asking, setAsking] = useState(false);
  const endsAt = capsule.delivery?.objectionEndsAt ?? null;
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaResolver(reasonSchema, { sync: true }),
  });
  const object = useMutation(
    trpc.capsules.object.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Objection sent', description: OBJECTION_TEXTS.objected });
        setAsking(false);
        void refresh();
      },
      onError: (error) => {
        form.setErrors(fieldErrorsOf(error));
        toast({
          title: 'The objection was not sent',
          description: serverErrorMessage(error),
          variant: 'destructive',
        });
      },
    }),
  );
  if (!endsAt || !objectionWindowOpen({ documentStatus: 'Verified', objectionEndsAt: endsAt }, now))
    return null;

  return (
    <Alert color="yellow" variant="light" icon={<IconHourglass size={18} />} data-testid="objection-panel">
      <Stack gap="xs">
        <Text size="sm">{OBJECTION_TEXTS.pending(endsAt)}</Text>
        {asking ? (
          <form
            noValidate
            onSubmit={form.onSubmit((values) =>
              object.mutate({ capsuleId: capsule.id, reason: values.reason }),
            )}
          >
            <Stack gap="xs">
              <Textarea
                label="Why do you object?"
                description="Our team reads it before looking at the document again."
                autosize
                minRows={2}
                maxLength={1000}
                {...form.getInputProps('reason')}
              />
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setAsking(false)}>
                  Cancel
                </Button>
                <Button type="submit" color="red" loading={object.isPending}>
                  Send objection
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group justify="flex-end">
            <Button variant="outline" color="red" onClick={() => setAsking(true)}>
              Object
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
