import {
  opsActionsInput,
  opsAffiliateStatusInput,
  opsAffiliatesInput,
  opsDocumentDecisionInput,
  opsDocumentsInput,
  opsMailsInput,
  opsPageInput,
  opsPayoutInput,
  opsPayoutsInput,
  opsRetryInput,
  opsSyncInput,
  opsTrailInput,
  opsUsersInput,
} from '@capsule/domain';
import { operatorProcedure, parsedOutput, router } from '../../trpc/init.js';
import { readTrail, trailOutputSchema } from '../audit/index.js';
import {
  actionsOutput,
  affiliateStatusOutput,
  affiliatesOutput,
  decisionOutput,
  deliveryMailsOutput,
  deliveryOverviewOutput,
  documentQueueOutput,
  lapsesOutput,
  operatorOutput,
  payoutRecordedOutput,
  payoutsOutput,
  retriedOutput,
  syncRecordsOutput,
  usersOutput,
} from './ops.output.js';
import * as ops from './ops.service.js';

/**
 * The operators' console (docs/operations/operators.md). Every procedure is an operator's: a
 * member is refused with one 403 whatever the input, a visitor with a 401, before any input is
 * read, so nobody else learns which ids exist.
 */
export const opsRouter = router({
  me: operatorProcedure
    .output(parsedOutput(operatorOutput))
    .query(({ ctx }) => ({ email: ctx.session.user.email, fullName: ctx.session.user.fullName })),

  documents: router({
    list: operatorProcedure
      .input(opsDocumentsInput)
      .output(parsedOutput(documentQueueOutput))
      .query(({ ctx, input }) => ops.documentQueue(ctx.deps, input)),
    decide: operatorProcedure
      .input(opsDocumentDecisionInput)
      .output(parsedOutput(decisionOutput))
      .mutation(({ ctx, input }) => ops.decideDocument(ctx.deps, ctx.session, input)),
  }),

  deliveries: router({
    overview: operatorProcedure
      .output(parsedOutput(deliveryOverviewOutput))
      .query(({ ctx }) => ops.deliveryOverview(ctx.deps)),
    mails: operatorProcedure
      .input(opsMailsInput)
      .output(parsedOutput(deliveryMailsOutput))
      .query(({ ctx, input }) => ops.deliveryMails(ctx.deps, input)),
    retry: operatorProcedure
      .input(opsRetryInput)
      .output(parsedOutput(retriedOutput))
      .mutation(({ ctx, input }) => ops.retryDeliveryMails(ctx.deps, ops.operatorOf(ctx.session), input.id)),
  }),

  sync: router({
    list: operatorProcedure
      .input(opsSyncInput)
      .output(parsedOutput(syncRecordsOutput))
      .query(({ ctx, input }) => ops.syncRecords(ctx.deps, input)),
    retry: operatorProcedure
      .input(opsRetryInput)
      .output(parsedOutput(retriedOutput))
      .mutation(({ ctx, input }) => ops.retrySync(ctx.deps, ops.operatorOf(ctx.session), input.id)),
  }),

  affiliates: router({
    list: operatorProcedure
      .input(opsAffiliatesInput)
      .output(parsedOutput(affiliatesOutput))
      .query(({ ctx, input }) => ops.affiliates(ctx.deps, input)),
    setStatus: operatorProcedure
      .input(opsAffiliateStatusInput)
      .output(parsedOutput(affiliateStatusOutput))
      .mutation(({ ctx, input }) => ops.decideAffiliate(ctx.deps, ctx.session, input)),
    payout: operatorProcedure
      .input(opsPayoutInput)
      .output(parsedOutput(payoutRecordedOutput))
      .mutation(({ ctx, input }) => ops.recordPayout(ctx.deps, ctx.session, input)),
    payouts: operatorProcedure
      .input(opsPayoutsInput)
      .output(parsedOutput(payoutsOutput))
      .query(({ ctx, input }) => ops.payouts(ctx.deps, input)),
  }),

  /** A capsule's whole record, as operators read it (the sender's and the recipient's parts). */
  trail: operatorProcedure
    .input(opsTrailInput)
    .output(parsedOutput(trailOutputSchema))
    .query(({ ctx, input }) => readTrail(ctx.deps.db, input.capsuleId, 'operator')),

  lapses: operatorProcedure
    .input(opsPageInput)
    .output(parsedOutput(lapsesOutput))
    .query(({ ctx, input }) => ops.lapses(ctx.deps, input)),

  users: operatorProcedure
    .input(opsUsersInput)
    .output(parsedOutput(usersOutput))
    .query(({ ctx, input }) => ops.findUsers(ctx.deps, input)),

  actions: operatorProcedure
    .input(opsActionsInput)
    .output(parsedOutput(actionsOutput))
    .query(({ ctx, input }) => ops.actions(ctx.deps, input)),
});
