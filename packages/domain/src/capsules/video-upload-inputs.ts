import { z } from 'zod';
import { capsuleRefInputSchema } from './capsule-action-inputs.js';
import {
  MAX_VIDEO_BYTES,
  NOTIFY_TIMEZONES,
  NOTIFY_TIMINGS,
  CAPSULE_UPLOAD_TEXTS as T,
} from './video-upload.js';

// The upload calls' inputs: the tRPC procedures parse these, the legacy REST shim
// renames the spec's get-sas-url fields onto the notification part. The file checks repeat the
// dialog's (video-upload.ts) with the spec's 'Title: description' texts, because a client may
// skip them; the server checks the real blob again at completion and in the review anyway.

/** The spec's refusal as one line: 'Invalid file type: Please select a video file (MP4 or MOV)'. */
const line = (title: string, description: string) => `${title}: ${description}`;

export const UPLOAD_INPUT_TEXTS = {
  invalidType: line(T.invalidTypeTitle, T.invalidTypeBody),
  tooLarge: line(T.tooLargeTitle, T.tooLargeBody),
  metadata: line(T.metadataTitle, T.metadataBody),
  fileNameRequired: 'fileName is required',
  uploadIdRequired: 'uploadId is required',
  customDateRequired: 'Choose the date and time to notify the recipient.',
  customDateFormat: 'The notification date must be a date and time (YYYY-MM-DDTHH:mm).',
  messageTooLong: 'The message to the recipient is too long (at most 2000 characters).',
} as const;

/** A wall-clock date and time, without an offset: 'YYYY-MM-DDTHH:mm', seconds optional. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/;

/**
 * Notify Recipient (spec section 5): on by default, at lock or on a custom date and time in
 * one of the spec's time zones (UTC when none is given). An optional message.
 */
export const notifyOptionsSchema = z
  .object({
    enabled: z.boolean(),
    timing: z.enum(NOTIFY_TIMINGS),
    customDate: z.string().trim().regex(LOCAL_DATE_TIME, UPLOAD_INPUT_TEXTS.customDateFormat).optional(),
    timezone: z.enum(NOTIFY_TIMEZONES).optional(),
    message: z.string().trim().max(2000, UPLOAD_INPUT_TEXTS.messageTooLong).optional(),
  })
  .superRefine((notify, ctx) => {
    if (notify.enabled && notify.timing === 'custom' && !notify.customDate) {
      ctx.addIssue({ code: 'custom', path: ['customDate'], message: UPLOAD_INPUT_TEXTS.customDateRequired });
    }
  });
export type NotifyOptions = z.output<typeof notifyOptionsSchema>;

const capsuleId = capsuleRefInputSchema.shape.capsuleId;
const uploadId = z
  .string({ error: UPLOAD_INPUT_TEXTS.uploadIdRequired })
  .trim()
  .min(1, UPLOAD_INPUT_TEXTS.uploadIdRequired)
  .max(100, UPLOAD_INPUT_TEXTS.uploadIdRequired);

/** capsules.upload.start: the file as the browser read it, and the notification choice. */
export const startUploadInputSchema = z.object({
  capsuleId,
  fileName: z
    .string({ error: UPLOAD_INPUT_TEXTS.fileNameRequired })
    .trim()
    .min(1, UPLOAD_INPUT_TEXTS.fileNameRequired)
    .max(255),
  fileSize: z
    .number({ error: UPLOAD_INPUT_TEXTS.tooLarge })
    .int()
    .positive(UPLOAD_INPUT_TEXTS.metadata)
    .lt(MAX_VIDEO_BYTES, UPLOAD_INPUT_TEXTS.tooLarge),
  contentType: z
    .string({ error: UPLOAD_INPUT_TEXTS.invalidType })
    .trim()
    .toLowerCase()
    .max(255, UPLOAD_INPUT_TEXTS.invalidType)
    .refine((type) => type.startsWith('video/'), UPLOAD_INPUT_TEXTS.invalidType),
  durationSeconds: z
    .number({ error: UPLOAD_INPUT_TEXTS.metadata })
    .nonnegative(UPLOAD_INPUT_TEXTS.metadata)
    .refine(Number.isFinite, UPLOAD_INPUT_TEXTS.metadata),
  notify: notifyOptionsSchema,
  /** Continue this capsule's open upload of the same file (name and size), if there is one. */
  resume: z.boolean().optional(),
});

/**
 * capsules.upload.startRecording: a slot opened when recording starts, so the take's blocks
 * reach storage while it is recorded. Its size and length are not known yet: they come with
 * capsules.upload.start (resume) once the sender uses the take.
 */
export const startRecordingInputSchema = startUploadInputSchema.pick({
  capsuleId: true,
  fileName: true,
  contentType: true,
});

/** renew, complete, cancel: one upload of one capsule. */
export const uploadRefInputSchema = z.object({ capsuleId, uploadId });
