import { AUTH_TEXTS } from '@capsule/domain';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { EXTERNAL_LINKS, newTab, PRODUCT_NAME } from '../../../lib/external-links';
import { useAuth } from '../AuthProvider/auth-context';
import type { LoginErrors, LoginField } from './login-rules';

// The field rules are the shared zod schema (login-rules.ts). They load when the visitor first
// touches the form rather than with the page: zod is most of a first visit's script budget
//, and the form is usable before it arrives. Two fields need no form library.
let rules: Promise<typeof import('./login-rules')> | null = null;
const loadRules = () => {
  rules ??= import('./login-rules');
  return rules;
};

/** Spec section 2, 'Sign-in screen', with the field rules of section 5. */
export function LoginForm() {
  const { login, isLoading } = useAuth();
  const [values, setValues] = useState<Record<LoginField, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});

  const change = (field: LoginField) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  // A field is checked when it loses the focus, as the spec's form does.
  const blur = (field: LoginField) => async () => {
    const { checkLogin } = await loadRules();
    const message = checkLogin(values).errors[field];
    setErrors((prev) => ({ ...prev, [field]: message }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { checkLogin } = await loadRules();
    const { input, errors: found } = checkLogin(values);
    setErrors(found);
    if (input) await login(input);
  };

  const field = (name: LoginField) => ({
    value: values[name],
    onChange: change(name),
    onBlur: blur(name),
    error: errors[name],
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
      <form noValidate onSubmit={submit} onFocus={() => void loadRules()}>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            withAsterisk
            {...field('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            withAsterisk
            {...field('password')}
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
