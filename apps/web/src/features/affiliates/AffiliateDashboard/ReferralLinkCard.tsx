import { AFFILIATE_TEXTS, formatRate } from '@capsule/domain';
import { Button, CopyButton, Flex, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface ReferralLinkCardProps {
  code: string;
  link: string;
  /** '0.1000' */
  commissionRate: string;
}

/** The code and the link to share, each with a copy button, and what a referral earns. */
export function ReferralLinkCard({ code, link, commissionRate }: ReferralLinkCardProps) {
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
            <Text size="sm" mt={4} data-testid="commission-rate">
              You earn <strong>{formatRate(commissionRate)}</strong> of every purchase made with your code.
            </Text>
          </div>
          {copy(code, 'referral code')}
        </Group>
        <div>
          <Flex
            gap="sm"
            direction={{ base: 'column', xs: 'row' }}
            align={{ base: 'stretch', xs: 'flex-end' }}
          >
            {/* A textarea so a long link wraps on a phone instead of hiding its code. */}
            <Textarea
              label={AFFILIATE_TEXTS.linkLabel}
              value={link}
              readOnly
              autosize
              minRows={1}
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
              styles={{ input: { wordBreak: 'break-all', resize: 'none' } }}
            />
            {copy(link, 'referral link')}
          </Flex>
          <Text size="xs" c="dimmed" mt={6}>
            {AFFILIATE_TEXTS.linkHint}
          </Text>
        </div>
      </Stack>
    </Paper>
  );
}
