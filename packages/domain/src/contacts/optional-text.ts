import { z } from 'zod';

/**
 * An optional text field: forms send '' for an untouched input and APIs send null or
 * nothing; all three mean "not given" and come out as null. Otherwise the text, trimmed.
 * Pipe it into the field's own rule: `optionalTextSchema.pipe(z.string().max(9).nullable())`.
 */
export const optionalTextSchema = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null);
