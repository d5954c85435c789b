import {
  assignRecipientInputSchema,
  capsuleListQuerySchema,
  capsuleRefInputSchema,
  capsuleSortSchema,
  lockCapsuleInputSchema,
  objectionInputSchema,
  setCapsuleInfoInputSchema,
} from '@capsule/domain';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { idSchema } from '../../lib/ids.js';
import { earliestToday } from '../../lib/today.js';
import { parsedOutput, protectedProcedure, router } from '../../trpc/init.js';
import { trailOutputSchema } from '../audit/index.js';
import { capsuleCountsOutputSchema, capsuleOutputSchema, capsulePageOutputSchema } from './capsule.output.js';
import {
  assignRecipient,
  deleteCapsuleVideo,
  lockMyCapsule,
  recoverCapsule,
  setCapsuleInfo,
} from './capsule-actions.service.js';
import { getMyCapsule, getMyCapsuleTrail, listMyCapsules, myCapsuleCounts } from './capsules.service.js';
import { objectToRelease } from './received/objection.service.js';
import { previewCapsule } from './video/capsule-preview.service.js';
import { previewOutputSchema } from './video/upload.output.js';
import { uploadRouter } from './video/upload.router.js';

/** A factory: the date bounds of capsule info read the app's injected clock (tests move it). */
export const createCapsulesRouter = (deps: Pick<AppDeps, 'clock'>) => {
  const today = earliestToday(deps.clock);
  return router({
    counts: protectedProcedure
      .output(parsedOutput(capsuleCountsOutputSchema))
      .query(({ ctx }) => myCapsuleCounts(ctx.deps, ctx.session.user.id)),

    list: protectedProcedure
      .input(capsuleListQuerySchema.extend({ sort: capsuleSortSchema }))
      .output(parsedOutput(capsulePageOutputSchema))
      .query(({ ctx, input }) => listMyCapsules(ctx.deps, ctx.session.user.id, input)),

    byId: protectedProcedure
      .input(z.object({ id: idSchema }))
      .output(parsedOutput(capsuleOutputSchema))
      .query(({ ctx, input }) => getMyCapsule(ctx.deps, ctx.session.user.id, input.id)),

    /** Objects to a verified document inside the objection window: back to the operators. */
    object: protectedProcedure
      .input(objectionInputSchema)
      .output(parsedOutput(z.object({ objectedAt: z.iso.datetime({ offset: true }) })))
      .mutation(({ ctx, input }) => objectToRelease(ctx.deps, ctx.session.user.id, input)),

    /** The capsule's record (docs/server-rules.md, 'Capsule record'), oldest first. */
    trail: protectedProcedure
      .input(z.object({ id: idSchema }))
      .output(parsedOutput(trailOutputSchema))
      .query(({ ctx, input }) => getMyCapsuleTrail(ctx.deps, ctx.session.user.id, input.id)),

    assignRecipient: protectedProcedure
      .input(assignRecipientInputSchema(today))
      .output(parsedOutput(capsuleOutputSchema))
      .mutation(({ ctx, input }) => assignRecipient(ctx.deps, ctx.session.user.id, input.capsuleId, input)),

    setInfo: protectedProcedure
      .input(setCapsuleInfoInputSchema(today))
      .output(parsedOutput(capsuleOutputSchema))
      .mutation(({ ctx, input }) =>
        setCapsuleInfo(ctx.deps, ctx.session.user.id, input.capsuleId, input.info),
      ),

    lock: protectedProcedure
      .input(lockCapsuleInputSchema(today))
      .output(parsedOutput(capsuleOutputSchema))
      .mutation(({ ctx, input }) =>
        lockMyCapsule(ctx.deps, ctx.session.user.id, input.capsuleId, input.deliveryDate),
      ),

    deleteVideo: protectedProcedure
      .input(capsuleRefInputSchema)
      .output(parsedOutput(capsuleOutputSchema))
      .mutation(({ ctx, input }) => deleteCapsuleVideo(ctx.deps, ctx.session.user.id, input.capsuleId)),

    recover: protectedProcedure
      .input(capsuleRefInputSchema)
      .output(parsedOutput(capsuleOutputSchema))
      .mutation(({ ctx, input }) => recoverCapsule(ctx.deps, ctx.session.user.id, input.capsuleId)),

    upload: uploadRouter,

    /** The one-time preview: asking for the URL uses the preview up (a mutation, never cached). */
    preview: protectedProcedure
      .input(z.object({ id: idSchema }))
      .output(parsedOutput(previewOutputSchema))
      .mutation(({ ctx, input }) => previewCapsule(ctx.deps, ctx.session.user.id, input.id)),
  });
};
