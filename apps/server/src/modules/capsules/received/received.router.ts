import {
  documentCompleteInputSchema,
  documentStartInputSchema,
  receivedListInputSchema,
  receivedRefInputSchema,
} from '@capsule/domain';
import { z } from 'zod';
import { parsedOutput, protectedProcedure, router } from '../../../trpc/init.js';
import { trailOutputSchema } from '../../audit/index.js';
import { requestPreparedExport } from '../export/prepared-export.service.js';
import { completeDocumentUpload, startDocumentUpload } from './document.service.js';
import {
  documentSlotOutputSchema,
  playedOutputSchema,
  receivedCapsuleOutputSchema,
  receivedPageOutputSchema,
  secureUrlOutputSchema,
} from './received.output.js';
import {
  listReceivedCapsules,
  readReceivedCapsule,
  readReceivedTrail,
  recordPlayed,
  secureUrl,
} from './received.service.js';

/**
 * receivedCapsules.*: the recipient's side (the contract in README.md). Every call is
 * the recipient's only: a capsule the caller sent or someone else received is NOT_FOUND.
 */
export const receivedCapsulesRouter = router({
  list: protectedProcedure
    .input(receivedListInputSchema)
    .output(parsedOutput(receivedPageOutputSchema))
    .query(({ ctx, input }) => listReceivedCapsules(ctx.deps, ctx.session.user.id, input)),

  /** Received Capsule Details; the first call records the first opening. */
  byId: protectedProcedure
    .input(receivedRefInputSchema)
    .output(parsedOutput(receivedCapsuleOutputSchema))
    .query(({ ctx, input }) => readReceivedCapsule(ctx.deps, ctx.session.user.id, input.id)),

  /** The part of the capsule's record about the recipient, oldest first. */
  trail: protectedProcedure
    .input(receivedRefInputSchema)
    .output(parsedOutput(trailOutputSchema))
    .query(({ ctx, input }) => readReceivedTrail(ctx.deps, ctx.session.user.id, input.id)),

  /** The playback URL, minutes long; FORBIDDEN with the reason while the release rule does not hold. */
  secureUrl: protectedProcedure
    .input(receivedRefInputSchema)
    .output(parsedOutput(secureUrlOutputSchema))
    .mutation(({ ctx, input }) => secureUrl(ctx.deps, ctx.session.user.id, input.id)),

  /** The player's first 'playing' event. */
  played: protectedProcedure
    .input(receivedRefInputSchema)
    .output(parsedOutput(playedOutputSchema))
    .mutation(({ ctx, input }) => recordPlayed(ctx.deps, ctx.session.user.id, input.id)),

  /**
   * 'E-mail me a link' (Account Settings): the archive of 'Download my capsules', prepared by a
   * job and mailed as a link that expires and resumes (docs/server-rules.md, 'A copy to keep').
   */
  mailExport: protectedProcedure
    .output(parsedOutput(z.object({ message: z.string() })))
    .mutation(({ ctx }) => requestPreparedExport(ctx.deps, ctx.session.user.id)),

  document: router({
    start: protectedProcedure
      .input(documentStartInputSchema)
      .output(parsedOutput(documentSlotOutputSchema))
      .mutation(({ ctx, input }) => {
        const { capsuleId, ...file } = input;
        return startDocumentUpload(ctx.deps, ctx.session.user.id, { capsuleId, file });
      }),

    complete: protectedProcedure
      .input(documentCompleteInputSchema)
      .output(parsedOutput(receivedCapsuleOutputSchema))
      .mutation(({ ctx, input }) => completeDocumentUpload(ctx.deps, ctx.session.user.id, input)),
  }),
});
