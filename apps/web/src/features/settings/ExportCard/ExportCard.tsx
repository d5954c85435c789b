import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';

/** The server's export (docs/server-rules.md, 'A copy to keep'). */
export const EXPORT_URL = '/api/export';

export const EXPORT_TEXTS = {
  title: 'Download my capsules',
  intro:
    'A ZIP of the capsules you received that are open, each video with who sent it, when and their message, and a page that plays them in any browser without us; and the details of the capsules you sent (their videos stay sealed until they open for their recipients).',
  mailLink: 'E-mail me a link instead',
  mailHint:
    'For a large archive or a slow connection: we prepare it and e-mail you a link, valid 7 days, whose download continues where it stopped.',
  mailFailed: 'Could not ask for the archive',
  closingTitle: 'If the service ever closes',
  closing: [
    'We will e-mail every member months before, and keep this download working until the last day.',
    'Capsules open for you: download them here first. The copy is yours and plays without us.',
    'Capsules not open yet are never opened early: each sender is given their own videos back, with who each was for and when, to hand on themselves.',
  ],
} as const;

/** Account Settings: the export, and what happens to capsules should the service ever close. */
export function ExportCard() {
  const trpc = useTRPC();
  const mail = useMutation(
    trpc.receivedCapsules.mailExport.mutationOptions({
      onSuccess: (answer) => toast({ title: EXPORT_TEXTS.title, description: answer.message }),
      onError: (error) =>
        toast({
          title: EXPORT_TEXTS.mailFailed,
          description: serverErrorMessage(error),
          variant: 'destructive',
        }),
    }),
  );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" mt="lg">
      <Stack gap="md" align="flex-start" maw={640}>
        <Title order={2} fz="lg">
          {EXPORT_TEXTS.title}
        </Title>
        <Text c="dimmed">{EXPORT_TEXTS.intro}</Text>
        <Group gap="sm">
          <Button component="a" href={EXPORT_URL} download leftSection={<IconDownload size={16} />}>
            {EXPORT_TEXTS.title}
          </Button>
          <Button
            variant="light"
            leftSection={<IconMail size={16} />}
            loading={mail.isPending}
            onClick={() => mail.mutate()}
          >
            {EXPORT_TEXTS.mailLink}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {EXPORT_TEXTS.mailHint}
        </Text>
        <Title order={3} fz="md" mt="sm">
          {EXPORT_TEXTS.closingTitle}
        </Title>
        <List size="sm" spacing={4} c="dimmed">
          {EXPORT_TEXTS.closing.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
