import { TRPCClientError } from '@trpc/client';

// How the portal words a failed call, the same way on every screen ('Errors at the
// edges'). The server words its refusals (4xx) for people and hides the text of its own
// failures (5xx), see apps/server/src/errors.ts; a network failure has no server text at all.

/** The fallback of a failure the spec words no description for. */
export const SERVER_ERROR_TEXTS = {
  tryAgain: 'Please try again.',
} as const;

/** HTTP status of a refused call, when the server answered at all. */
export function httpStatusOf(error: unknown): number | null {
  if (!(error instanceof TRPCClientError)) return null;
  const status = (error.data as { httpStatus?: unknown } | null | undefined)?.httpStatus;
  return typeof status === 'number' ? status : null;
}

/** True when the server answered and refused (4xx): its message is meant for the user. */
export function isRefusal(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== null && status >= 400 && status < 500;
}

export interface ServerErrorMessageOptions {
  /**
   * What to say when the failure is not a call's at all (a fault in the client): the spec
   * words one for Lock ('Unknown error'). Defaults to the fallback.
   */
  notACall?: string;
}

/**
 * The one description of a failed call:
 * - the server refused it (4xx) with a text: that text, which tells the user what to do
 *   (e.g. 'This capsule already has a recipient.');
 * - the request never got an answer, or the server failed (5xx): `fallback`, the spec's text
 *   for that action (section 8), e.g. 'Failed to lock capsule';
 * - anything else: `options.notACall`, else `fallback`.
 */
export function serverErrorMessage(
  error: unknown,
  fallback: string = SERVER_ERROR_TEXTS.tryAgain,
  options: ServerErrorMessageOptions = {},
): string {
  if (isRefusal(error) && error instanceof Error && error.message.trim()) return error.message.trim();
  if (error instanceof TRPCClientError) return fallback;
  return options.notACall ?? fallback;
}

/** Per-field messages the server's validation sends along (apps/server/src/trpc/init.ts). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fieldErrors = (error.data as { fieldErrors?: unknown } | null | undefined)?.fieldErrors;
  if (!fieldErrors || typeof fieldErrors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fieldErrors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
