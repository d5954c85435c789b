import {
  capsuleRefInputSchema,
  startRecordingInputSchema,
  startUploadInputSchema,
  uploadRefInputSchema,
} from '@capsule/domain';
import { parsedOutput, protectedProcedure, router } from '../../../trpc/init.js';
import { capsuleOutputSchema } from '../capsule.output.js';
import { openUploadOutputSchema, sasGrantOutputSchema, uploadSlotOutputSchema } from './upload.output.js';
import { cancelUpload, completeUpload } from './upload-finish.service.js';
import { openUpload, renewUpload, startRecordingUpload, startUpload } from './upload-start.service.js';

/**
 * capsules.upload.*: the Upload Video dialog's calls. The bytes never pass here: the
 * browser stages blocks straight to storage through the SAS, commits the block list, then
 * calls complete.
 */
export const uploadRouter = router({
  start: protectedProcedure
    .input(startUploadInputSchema)
    .output(parsedOutput(uploadSlotOutputSchema))
    .mutation(({ ctx, input }) =>
      startUpload(ctx.deps, ctx.session.user.id, {
        capsuleId: input.capsuleId,
        client: 'blocks',
        file: {
          name: input.fileName,
          size: input.fileSize,
          contentType: input.contentType,
          durationSeconds: input.durationSeconds,
        },
        notify: input.notify,
        resume: input.resume ?? false,
      }),
    ),

  startRecording: protectedProcedure
    .input(startRecordingInputSchema)
    .output(parsedOutput(uploadSlotOutputSchema))
    .mutation(({ ctx, input }) => startRecordingUpload(ctx.deps, ctx.session.user.id, input)),

  renew: protectedProcedure
    .input(uploadRefInputSchema)
    .output(parsedOutput(sasGrantOutputSchema))
    .mutation(({ ctx, input }) => renewUpload(ctx.deps, ctx.session.user.id, input)),

  open: protectedProcedure
    .input(capsuleRefInputSchema)
    .output(parsedOutput(openUploadOutputSchema))
    .query(({ ctx, input }) => openUpload(ctx.deps, ctx.session.user.id, input.capsuleId)),

  complete: protectedProcedure
    .input(uploadRefInputSchema)
    .output(parsedOutput(capsuleOutputSchema))
    .mutation(({ ctx, input }) => completeUpload(ctx.deps, ctx.session.user.id, input)),

  cancel: protectedProcedure
    .input(uploadRefInputSchema)
    .output(parsedOutput(capsuleOutputSchema))
    .mutation(({ ctx, input }) => cancelUpload(ctx.deps, ctx.session.user.id, input)),
});
