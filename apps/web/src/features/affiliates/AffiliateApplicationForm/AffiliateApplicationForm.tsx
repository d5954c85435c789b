import {
  AFFILIATE_PAYMENT_METHODS,
  AFFILIATE_TEXTS,
  affiliateApplicationSchema,
  CRYPTO_NETWORK_LABELS,
  CRYPTO_NETWORKS,
  EMPTY_AFFILIATE_APPLICATION,
  PAYMENT_METHOD_LABELS,
} from '@capsule/domain';
import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf, serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';

const METHOD_OPTIONS = AFFILIATE_PAYMENT_METHODS.map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}));
const NETWORK_OPTIONS = CRYPTO_NETWORKS.map((value) => ({ value, label: CRYPTO_NETWORK_LABELS[value] }));

/**
 * The application (affiliates.submitApplication): the profile, then how to be paid. The shared
 * schema checks it here as the server will; only the chosen method's details are asked for.
 */
export function AffiliateApplicationForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: EMPTY_AFFILIATE_APPLICATION,
    validate: schemaResolver(affiliateApplicationSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const method = form.values.paymentMethod;

  const apply = useMutation(
    trpc.affiliates.submitApplication.mutationOptions({
      onSuccess: (affiliate) => {
        queryClient.setQueryData(trpc.affiliates.me.queryKey(), affiliate);
        void queryClient.invalidateQueries({ queryKey: trpc.affiliates.terms.queryKey() });
        toast({ title: AFFILIATE_TEXTS.applied, description: AFFILIATE_TEXTS.appliedBody });
      },
      onError: (error) => {
        form.setErrors(fieldErrorsOf(error));
        toast({
          title: AFFILIATE_TEXTS.applyFailed,
          description: serverErrorMessage(error),
          variant: 'destructive',
        });
      },
    }),
  );

  const handleInput = (name: 'instagramHandle' | 'twitterHandle' | 'tiktokHandle', label: string) => (
    <TextInput label={label} placeholder="@yourname" autoComplete="off" {...form.getInputProps(name)} />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form
        noValidate
        aria-label={AFFILIATE_TEXTS.applyTitle}
        onSubmit={form.onSubmit((values) => apply.mutate(affiliateApplicationSchema.parse(values)))}
      >
        <Stack gap="md">
          <div>
            <Title order={2} fz="h3">
              {AFFILIATE_TEXTS.applyTitle}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {AFFILIATE_TEXTS.applyIntro}
            </Text>
          </div>

          <Textarea
            label="About you"
            description="Who you are and where you will share Legacy Capsule (optional)."
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('bio')}
          />
          <TextInput
            label="Website"
            placeholder="https://"
            type="url"
            autoComplete="url"
            {...form.getInputProps('websiteUrl')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {handleInput('instagramHandle', 'Instagram')}
            {handleInput('twitterHandle', 'Twitter / X')}
            {handleInput('tiktokHandle', 'TikTok')}
          </SimpleGrid>

          <Select
            label="How do you want to be paid?"
            placeholder="Choose a payment method"
            data={METHOD_OPTIONS}
            withAsterisk
            allowDeselect={false}
            {...form.getInputProps('paymentMethod')}
          />
          {method === 'bank_transfer' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Account holder"
                withAsterisk
                {...form.getInputProps('paymentDetails.accountHolder')}
              />
              <TextInput label="Bank name" withAsterisk {...form.getInputProps('paymentDetails.bankName')} />
              <TextInput
                label="Account number or IBAN"
                withAsterisk
                {...form.getInputProps('paymentDetails.accountNumber')}
              />
              <TextInput
                label="Transit, routing or SWIFT code"
                {...form.getInputProps('paymentDetails.routingCode')}
              />
            </SimpleGrid>
          )}
          {method === 'paypal' && (
            <TextInput
              label="PayPal e-mail"
              type="email"
              withAsterisk
              {...form.getInputProps('paymentDetails.email')}
            />
          )}
          {method === 'stripe' && (
            <TextInput
              label="Stripe account id"
              placeholder="acct_..."
              withAsterisk
              {...form.getInputProps('paymentDetails.accountId')}
            />
          )}
          {method === 'crypto' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label="Network"
                placeholder="Choose a network"
                data={NETWORK_OPTIONS}
                withAsterisk
                allowDeselect={false}
                {...form.getInputProps('paymentDetails.network')}
              />
              <TextInput
                label="Wallet address"
                withAsterisk
                {...form.getInputProps('paymentDetails.walletAddress')}
              />
            </SimpleGrid>
          )}

          <Group>
            <Button type="submit" disabled={apply.isPending}>
              {apply.isPending ? AFFILIATE_TEXTS.applying : AFFILIATE_TEXTS.applyButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
