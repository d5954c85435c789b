import { TRPCClientError } from '@trpc/client';

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

/**
 * The server's message when it refused the call with one (a 4xx answer carries a clear
 * text, see apps/server/src/errors.ts), else the fallback: a network failure or a 5xx says
 * nothing a user can act on.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (isRefusal(error) && error instanceof Error && error.message.trim()) return error.message;
  return fallback;
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
