import { PROFILE_TEXTS, profileFormSchema } from '@capsule/domain';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { fieldErrorsOf, serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useAuth } from '../../auth';

/** Profile Information tab: full name and phone, both required (spec section 5, 'Profile'). */
export function ProfileForm() {
  const trpc = useTRPC();
  const { user, setUser } = useAuth();
  const form = useForm({
    initialValues: { fullName: user?.fullName ?? '', phoneNumber: user?.phoneNumber ?? '' },
    validate: schemaResolver(profileFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const update = useMutation(
    trpc.auth.updateProfile.mutationOptions({
      onSuccess: (updated) => {
        setUser(updated);
        form.setValues({ fullName: updated.fullName, phoneNumber: updated.phoneNumber ?? '' });
        form.resetDirty({ fullName: updated.fullName, phoneNumber: updated.phoneNumber ?? '' });
        toast({ title: PROFILE_TEXTS.updated, description: 'Your profile information has been saved.' });
      },
      onError: (error) => {
        form.setErrors(fieldErrorsOf(error));
        toast({
          title: PROFILE_TEXTS.updateFailedTitle,
          description: serverErrorMessage(error, PROFILE_TEXTS.updateFailedBody),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        update.mutate({ fullName: values.fullName.trim(), phoneNumber: values.phoneNumber.trim() }),
      )}
    >
      <Stack gap="md" maw={520}>
        <TextInput label="Full name" autoComplete="name" withAsterisk {...form.getInputProps('fullName')} />
        <TextInput
          label="Email"
          value={user?.email ?? ''}
          readOnly
          description="Your email address is managed on the Legacy Capsule main site."
          variant="filled"
        />
        <TextInput
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder="+1 613 555 0100"
          withAsterisk
          {...form.getInputProps('phoneNumber')}
        />
        <Group>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
