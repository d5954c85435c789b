import { AUTH_TEXTS, loginInputSchema } from '@capsule/domain';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { EXTERNAL_LINKS, newTab, PRODUCT_NAME } from '../../../app/external-links';
import { useAuth } from '../AuthProvider/auth-context';

/** Spec section 2, 'Sign-in screen', with the field rules of section 5. */
export function LoginForm() {
  const { login, isLoading } = useAuth();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  return (
    <Stack gap="lg">
      <Alert
        variant="light"
        color="brand"
        role="note"
        icon={<IconInfoCircle size={18} />}
        title={`Use your ${PRODUCT_NAME} account`}
      >
        {AUTH_TEXTS.mainSiteBanner}
      </Alert>
      <form noValidate onSubmit={form.onSubmit((values) => login(values))}>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor href={EXTERNAL_LINKS.passwordReset} size="sm" {...newTab}>
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" disabled={isLoading}>
            {isLoading ? 'Signing in...' : 'Sign In'}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" c="dimmed">
        Don't have an account?{' '}
        <Anchor href={EXTERNAL_LINKS.signUp} fw={600} {...newTab}>
          Sign Up
        </Anchor>
      </Text>
    </Stack>
  );
}
