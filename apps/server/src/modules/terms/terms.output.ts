import { z } from 'zod';

// What the terms procedures answer, checked on the way out (.output()): zod strips any field
// not listed, so each schema lists every field the terms page reads.

export const termsStateOutputSchema = z.object({
  hasReadTerms: z.boolean(),
  otpVerified: z.boolean(),
});

export const termsAcceptedOutputSchema = z.object({
  success: z.literal(true),
  hasReadTerms: z.literal(true),
  termsVersion: z.string(),
});
