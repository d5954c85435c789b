import { AFFILIATE_TEXTS } from '@capsule/domain';
import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** The code and the link to share, each with a copy button. */
export function ReferralLinkCard({ code, link }: { code: string; link: string }) {
  const copy = (value: string, what: string) => (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy: doCopy }) => (
        <Button
          variant={copied ? 'filled' : 'light'}
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          onClick={doCopy}
          aria-label={copied ? `${what} copied` : `Copy ${what}`}
          style={{ flexShrink: 0 }}
        >
          {copied ? AFFILIATE_TEXTS.copied : AFFILIATE_TEXTS.copy}
        </Button>
      )}
    </CopyButton>
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="referral-link-card">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text size="sm" c="dimmed">
              {AFFILIATE_TEXTS.codeLabel}
            </Text>
            <Title order={2} ff="monospace" fz={{ base: 24, sm: 28 }} data-testid="referral-code" lts={1}>
              {code}
            </Title>
          </div>
          {copy(code, 'referral code')}
        </Group>
        <div>
          <Group gap="sm" wrap="nowrap" align="flex-end">
            <TextInput
              label={AFFILIATE_TEXTS.linkLabel}
              value={link}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            {copy(link, 'referral link')}
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            {AFFILIATE_TEXTS.linkHint}
          </Text>
        </div>
      </Stack>
    </Paper>
  );
}
