import { Button, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconLock, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EXTERNAL_LINKS, newTab } from '../../../lib/external-links';
import { ExportCard } from '../ExportCard/ExportCard';
import { ProfileForm } from '../ProfileForm/ProfileForm';

export const SETTINGS_TABS = ['profile', 'password', 'account'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tab named by ?tab=, else Profile (spec section 2, 'Account Settings page'). */
export function tabFromQuery(value: string | null): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab === value) ?? 'profile';
}

export function SettingsTabs() {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabFromQuery(searchParams.get('tab'));
  // On a phone the three labels fit on one line only without their icons.
  const withIcons = useMediaQuery('(min-width: 48em)');

  const select = (value: string | null) => {
    const tab = tabFromQuery(value);
    setSearchParams(
      (params) => {
        params.set('tab', tab);
        return params;
      },
      { replace: true },
    );
  };

  return (
    <Tabs value={active} onChange={select} keepMounted={false}>
      <Tabs.List mb="lg" style={{ flexWrap: 'nowrap' }}>
        <Tabs.Tab
          value="profile"
          px={{ base: 'sm', sm: 'md' }}
          leftSection={withIcons ? <IconUser size={16} /> : undefined}
        >
          Profile Information
        </Tabs.Tab>
        <Tabs.Tab
          value="password"
          px={{ base: 'sm', sm: 'md' }}
          leftSection={withIcons ? <IconLock size={16} /> : undefined}
        >
          Password
        </Tabs.Tab>
        <Tabs.Tab
          value="account"
          px={{ base: 'sm', sm: 'md' }}
          leftSection={withIcons ? <IconShieldLock size={16} /> : undefined}
        >
          Account
        </Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="profile">
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <Title order={2} fz="lg" mb="md">
            Profile Information
          </Title>
          <ProfileForm />
        </Paper>
      </Tabs.Panel>

      <Tabs.Panel value="password">
        <ExternalSettingsCard
          title="Password"
          text="Your password is the one of your Legacy Capsule account on our main site. Change or reset it there; the new password works here at your next sign-in."
          action="Change your password"
          href={EXTERNAL_LINKS.passwordReset}
        />
      </Tabs.Panel>

      <Tabs.Panel value="account">
        <ExternalSettingsCard
          title="Account"
          text="Sign-in security, your email address and your account itself are managed on our main site."
          action="Open account security"
          href={EXTERNAL_LINKS.accountSecurity}
        />
        <ExportCard />
      </Tabs.Panel>
    </Tabs>
  );
}

interface ExternalSettingsCardProps {
  title: string;
  text: string;
  action: string;
  href: string;
}

function ExternalSettingsCard({ title, text, action, href }: ExternalSettingsCardProps) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Stack gap="md" align="flex-start" maw={560}>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Button component="a" href={href} rightSection={<IconExternalLink size={16} />} {...newTab}>
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}
