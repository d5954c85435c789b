import { TERMS_TEXTS } from '@capsule/domain';
import { Container } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { serverErrorMessage } from '../../lib/server-error';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { PageHeader } from '../../lib/ui/PageHeader/PageHeader';
import { afterSignIn, useAuth, useReturnPath } from '../auth';
import { TermsAcceptance } from './TermsAcceptance/TermsAcceptance';

/** /terms-and-conditions: protected, but reachable before the terms are accepted. */
export function TermsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const auth = useAuth();
  // The page asked for before the sign-in (features/auth/return-to.ts), else the dashboard.
  const destination = afterSignIn(useReturnPath());
  // The same query the guard made: read from its cache, no second call.
  const termsCheck = useQuery(trpc.terms.check.queryOptions());
  const accept = useMutation(
    trpc.terms.accept.mutationOptions({
      onSuccess: () => {
        queryClient.setQueryData(trpc.terms.check.queryKey(), { hasReadTerms: true, otpVerified: true });
        auth.markTermsRead();
        navigate(destination, { replace: true });
      },
      onError: (error) => {
        // The spec ignores this failure; staying silent would leave the user stuck on a
        // button that seems to do nothing, so say what happened.
        toast({
          title: 'Your agreement was not saved',
          description: serverErrorMessage(error),
          variant: 'destructive',
        });
      },
    }),
  );

  // The server's answer wins over the flag kept since sign-in: a new version of the terms
  // makes everyone accept again.
  const alreadyRead = termsCheck.data
    ? termsCheck.data.hasReadTerms && termsCheck.data.otpVerified
    : auth.termsAndConditionsRead;
  if (alreadyRead && !accept.isPending && !accept.isSuccess) return <Navigate to={destination} replace />;

  return (
    <Container size="md" px={0}>
      <PageHeader
        title={TERMS_TEXTS.title}
        description="Please read the terms of the Legacy Capsule portal and agree to them to continue."
      />
      <TermsAcceptance submitting={accept.isPending} onAccept={() => accept.mutate({ accepted: true })} />
    </Container>
  );
}
