import { AUTH_TEXTS, OTP_RESEND_GAP_SECONDS, otpInputSchema } from '@capsule/domain';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useInterval } from '@mantine/hooks';
import { IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { dismissToasts, toast } from '../../../lib/toast';
import { useAuth, type VerifyOtpResult } from '../AuthProvider/auth-context';
import { useReturnPath } from '../return-to';
import { OTP_SCREEN_TEXTS, otpErrorMessage } from './otp-errors';

/** The server accepts one new code a minute (docs/server-rules.md, 'One-time code'). */
const RESEND_GAP_SECONDS = OTP_RESEND_GAP_SECONDS;

interface OtpFormProps {
  /** Called just before the code is sent for checking. */
  onVerifying?: () => void;
  onVerified: (result: VerifyOtpResult) => void;
}

/** Spec section 2, 'Verify OTP screen'. */
export function OtpForm({ onVerifying, onVerified }: OtpFormProps) {
  const {
    verifyOtp,
    sendOtp,
    backToLogin,
    isLoading,
    emailSent,
    codeRecentlySent,
    codeStillValid,
    codeSendFailed,
  } = useAuth();
  // Back to login keeps the page asked for before the sign-in (return-to.ts).
  const next = useReturnPath();
  const form = useForm({
    initialValues: { oneTimeCode: '' },
    validate: schemaResolver(otpInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const [cooldown, setCooldown] = useState(0);
  // The first code is asked for right after the password step, often after this screen
  // appears: the wait starts when the server confirms it was sent.
  // A send refused because the last code is under a minute old: a full minute from now is
  // always past the server's wait.
  useEffect(() => {
    if (emailSent || codeRecentlySent) setCooldown(RESEND_GAP_SECONDS);
  }, [emailSent, codeRecentlySent]);
  const [resending, setResending] = useState(false);
  const ticker = useInterval(() => setCooldown((s) => Math.max(0, s - 1)), 1000);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ticker object is stable enough; restart only when the cooldown starts or ends
  useEffect(() => {
    if (cooldown > 0) ticker.start();
    else ticker.stop();
    return ticker.stop;
  }, [cooldown > 0]);

  const submit = form.onSubmit(async ({ oneTimeCode }) => {
    onVerifying?.();
    dismissToasts();
    try {
      const result = await verifyOtp(oneTimeCode.replace(/\s+/g, ''));
      onVerified(result);
    } catch (error) {
      const message = otpErrorMessage(error);
      form.setFieldError('oneTimeCode', message);
      toast({ title: AUTH_TEXTS.otpFailedTitle, description: message, variant: 'destructive' });
    }
  });

  const resend = async () => {
    setResending(true);
    const sent = await sendOtp();
    setResending(false);
    if (sent) {
      setCooldown(RESEND_GAP_SECONDS);
      form.setFieldValue('oneTimeCode', '');
      form.clearErrors();
      toast({ title: 'New code sent', description: 'Check your email for the new one-time password.' });
    }
  };

  return (
    <Stack gap="lg">
      {(codeRecentlySent || codeStillValid) && (
        <Alert
          variant="light"
          color="brand"
          icon={<IconClockHour4 size={18} />}
          title={OTP_SCREEN_TEXTS.recentlySentTitle}
          role="status"
          data-testid="code-recently-sent"
        >
          {codeStillValid ? OTP_SCREEN_TEXTS.stillValidBody : OTP_SCREEN_TEXTS.recentlySentBody}
        </Alert>
      )}
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label="One-Time Password"
            description={
              codeRecentlySent || codeSendFailed
                ? OTP_SCREEN_TEXTS.fieldHintAfterWait
                : OTP_SCREEN_TEXTS.fieldHint
            }
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={32}
            size="md"
            styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
            data-autofocus
            withAsterisk
            {...form.getInputProps('oneTimeCode')}
          />
          <Button type="submit" fullWidth size="md" disabled={isLoading}>
            {isLoading ? 'Verifying...' : 'Verify OTP'}
          </Button>
        </Stack>
      </form>
      <Group justify="space-between" gap="xs">
        <Button variant="subtle" color="gray" onClick={() => void backToLogin(next)} px={4}>
          Back to login
        </Button>
        {cooldown > 0 ? (
          <Text size="sm" c="dimmed">
            Resend code in {cooldown}s
          </Text>
        ) : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void resend()}
            disabled={resending}
          >
            {resending ? 'Sending...' : 'Resend code'}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
