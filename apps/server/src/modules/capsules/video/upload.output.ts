import { z } from 'zod';

// What the upload procedures answer, checked on the way out like the capsule itself.

const isoInstant = z.iso.datetime({ offset: true });

export const sasGrantOutputSchema = z.object({ sasUrl: z.url(), expiresOn: isoInstant });

export const uploadSlotOutputSchema = sasGrantOutputSchema.extend({
  uploadId: z.uuid(),
  /** The block size the browser cuts the file into: 8 MiB. */
  blockSize: z.number().int().positive(),
  /** Blocks storage already holds (base64 ids as the browser gave them), for a resumed upload. */
  stagedBlocks: z.array(z.object({ name: z.string(), size: z.number().int().nonnegative() })),
  resumed: z.boolean(),
});

export const openUploadOutputSchema = z
  .object({
    uploadId: z.uuid(),
    fileName: z.string(),
    fileSize: z.number().int().positive(),
    stagedBytes: z.number().int().nonnegative(),
    notify: z.object({
      enabled: z.boolean(),
      timing: z.enum(['on_lock', 'custom']),
      customDate: z.string().nullable(),
      timezone: z.string().nullable(),
      message: z.string().nullable(),
    }),
  })
  .nullable();

export const previewOutputSchema = z.object({ url: z.url(), expiresOn: isoInstant });
