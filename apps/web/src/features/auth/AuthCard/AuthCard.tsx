import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../../lib/ui/Logo/Logo';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card the sign-in and code screens share. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Center py={{ base: 'md', sm: 'xl' }}>
      <Stack w="100%" maw={440} gap="md">
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              <Logo size={48} withName={false} />
              <Title order={1} fz={26}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer}
      </Stack>
    </Center>
  );
}
