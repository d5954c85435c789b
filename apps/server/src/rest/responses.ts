import { z } from 'zod';

// How a REST shim declares its answers, one schema per status. They describe; they do not shape:
// the bytes are JSON.stringify's of what the handler returns (rest/answer-check.ts).

/** Every refusal (docs/server-rules.md, 'Wire formats'). */
const errorBodySchema = z
  .object({
    error: z.string().describe('What went wrong, in words for the person using the client.'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        "A validation error's message per field, keyed by the field's path in the action's input schema.",
      ),
  })
  .describe('A refusal or a failure: the status says which (apps/server/src/errors.ts).');

const WHY = {
  400: 'Bad input: the first message, and `fields` per field.',
  401: 'Not signed in, or the one-time code is still due.',
  403: 'Signed in, but the terms are not accepted yet (or the action is not allowed now).',
  404: 'Nothing of yours by that id (another member’s looks the same).',
  409: 'Not in this state: the text says why.',
  413: 'The body is over 1 MB.',
  415: 'A body that is not JSON.',
  429: 'Too many requests; `Retry-After` says when to try again.',
  500: 'A failure on our side; the text is fixed, the cause is logged.',
  503: 'The database is briefly away; `Retry-After: 5`.',
} as const;
type Status = keyof typeof WHY;

/** Every call may answer these: bad input or body, the flood guard, our failures. */
const EVERY_CALL = [400, 413, 415, 429, 500, 503] as const;

/** The error answers of a call: the ones every call has, and `also` (401, 404, 409, ...). */
export function errorAnswers(...also: Status[]) {
  const statuses = [...new Set<Status>([...EVERY_CALL, ...also])].sort((a, b) => a - b);
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema.describe(WHY[status])]));
}

/** The errors of a call behind the member guard: signed out (401), terms pending (403). */
export const memberErrors = (...also: Status[]) => errorAnswers(401, 403, ...also);
