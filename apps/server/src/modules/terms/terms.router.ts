import { acceptTermsSchema } from '@capsule/domain';
import { router, sessionProcedure, verifiedProcedure } from '../../trpc/init.js';
import { acceptTerms, checkTerms } from './terms.service.js';

export const termsRouter = router({
  check: sessionProcedure.query(({ ctx }) =>
    checkTerms(ctx.deps, ctx.session.user.id, ctx.session.stage === 'verified'),
  ),
  accept: verifiedProcedure
    .input(acceptTermsSchema)
    .mutation(({ ctx }) =>
      acceptTerms(ctx.deps, ctx.session.user.id, ctx.session.stage === 'verified', ctx.meta),
    ),
});
