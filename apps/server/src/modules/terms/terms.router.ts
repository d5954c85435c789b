import { acceptTermsSchema } from '@capsule/domain';
import { parsedOutput, router, sessionProcedure, verifiedProcedure } from '../../trpc/init.js';
import { termsAcceptedOutputSchema, termsStateOutputSchema } from './terms.output.js';
import { acceptTerms, checkTerms } from './terms.service.js';

export const termsRouter = router({
  check: sessionProcedure
    .output(parsedOutput(termsStateOutputSchema))
    .query(({ ctx }) => checkTerms(ctx.deps, ctx.session.user.id, ctx.session.stage === 'verified')),
  accept: verifiedProcedure
    .input(acceptTermsSchema)
    .output(parsedOutput(termsAcceptedOutputSchema))
    .mutation(({ ctx }) =>
      acceptTerms(ctx.deps, ctx.session.user.id, ctx.session.stage === 'verified', ctx.meta),
    ),
});
