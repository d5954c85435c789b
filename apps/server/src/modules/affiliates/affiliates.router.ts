import { affiliateApplicationSchema } from '@capsule/domain';
import { z } from 'zod';
import { parsedOutput, protectedProcedure, router } from '../../trpc/init.js';
import {
  affiliateTermsOutputSchema,
  myAffiliateOutputSchema,
  pageOf,
  payoutOutputSchema,
  referralOutputSchema,
} from './affiliate.output.js';
import {
  applyAsAffiliate,
  getAffiliateTerms,
  getMyAffiliate,
  listMyPayouts,
  listMyReferrals,
  withdrawAffiliateApplication,
} from './affiliates.service.js';

const pageInput = z.object({ page: z.number().int().min(1).max(100_000).default(1) }).default({ page: 1 });

/** The signed-in member's side of the affiliate programme; operators use the admin CLI. */
export const affiliatesRouter = router({
  /** Null until the user applies. */
  me: protectedProcedure
    .output(parsedOutput(myAffiliateOutputSchema.nullable()))
    .query(({ ctx }) => getMyAffiliate(ctx.deps, ctx.session.user.id)),

  // Not `apply`: tRPC reserves the name (Function.prototype.apply), so the issue's
  // affiliates.apply is affiliates.submitApplication.
  submitApplication: protectedProcedure
    .input(affiliateApplicationSchema)
    .output(parsedOutput(myAffiliateOutputSchema))
    .mutation(({ ctx, input }) => applyAsAffiliate(ctx.deps, ctx.session.user.id, input)),

  /** The caller's own pending application only; answers what `me` then is (null). */
  withdraw: protectedProcedure
    .output(parsedOutput(z.null()))
    .mutation(({ ctx }) => withdrawAffiliateApplication(ctx.deps, ctx.session.user.id)),

  /** The rate, holding period, currency and payout methods, before and after applying. */
  terms: protectedProcedure
    .output(parsedOutput(affiliateTermsOutputSchema))
    .query(({ ctx }) => getAffiliateTerms(ctx.deps, ctx.session.user.id)),

  referrals: protectedProcedure
    .input(pageInput)
    .output(parsedOutput(pageOf(referralOutputSchema)))
    .query(({ ctx, input }) => listMyReferrals(ctx.deps, ctx.session.user.id, input.page)),

  payouts: protectedProcedure
    .input(pageInput)
    .output(parsedOutput(pageOf(payoutOutputSchema)))
    .query(({ ctx, input }) => listMyPayouts(ctx.deps, ctx.session.user.id, input.page)),
});
