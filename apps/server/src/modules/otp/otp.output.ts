import { z } from 'zod';

// What the one-time code procedures answer, checked on the way out (.output()): zod strips any
// field not listed, so each schema lists every field the code page reads.

/** A code is on its way: how long it lives, and whether it is the one already mailed. */
export const codeSentOutputSchema = z.object({
  success: z.literal(true),
  validMinutes: z.number(),
  alreadySent: z.boolean(),
});

export const codeVerifiedOutputSchema = z.object({
  success: z.literal(true),
  hasReadTerms: z.boolean(),
});
