import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { z } from 'zod';
import { isDatabaseUnavailable } from './db/unavailable.js';

// Services throw AppError with one of these codes; this table is the only place that decides
// how each code looks on the wire, for tRPC and REST alike.
export const ERROR_CODES = {
  BAD_INPUT: { http: 400, trpc: 'BAD_REQUEST' },
  UNAUTHENTICATED: { http: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { http: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { http: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { http: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { http: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  URI_TOO_LONG: { http: 414, trpc: 'BAD_REQUEST' },
  UNSUPPORTED_MEDIA: { http: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  TOO_MANY: { http: 429, trpc: 'TOO_MANY_REQUESTS' },
  INTERNAL: { http: 500, trpc: 'INTERNAL_SERVER_ERROR' },
  UNAVAILABLE: { http: 503, trpc: 'SERVICE_UNAVAILABLE' },
} as const satisfies Record<string, { http: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type AppErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Per-field messages of a validation error, keyed by the field's path ("firstName"). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const badInput = (message: string) => new AppError('BAD_INPUT', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

export const ERROR_TEXTS = {
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  notFound: 'Not found',
  badJson: 'The request body is not valid JSON.',
  emptyJson: 'The request body is empty; send a JSON object.',
  mediaType: 'Send the request body as JSON (Content-Type: application/json).',
  tooLarge: 'The request body is too large.',
  badUrl: 'The address is not valid.',
  urlTooLong: 'The address is too long.',
  badRequest: 'The request is not valid.',
  tooMany: (seconds: number) => `Too many requests, try again in ${seconds} seconds`,
} as const;

/** Per-field messages of a zod error, the first message per field, keyed by its dotted path. */
export function zodFieldMessages(
  issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<PropertyKey> }>,
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = (issue.path ?? []).map(String).join('.');
    if (key) fields[key] ??= issue.message;
  }
  return fields;
}

// Fastify's own refusals, by code: our words, never theirs (theirs echo the URL or the body).
const FASTIFY_ERRORS: Record<string, () => AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => new AppError('BAD_INPUT', ERROR_TEXTS.badJson),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new AppError('BAD_INPUT', ERROR_TEXTS.emptyJson),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new AppError('BAD_INPUT', ERROR_TEXTS.badRequest),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new AppError('UNSUPPORTED_MEDIA', ERROR_TEXTS.mediaType),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError('PAYLOAD_TOO_LARGE', ERROR_TEXTS.tooLarge),
  FST_ERR_BAD_URL: () => new AppError('BAD_INPUT', ERROR_TEXTS.badUrl),
  FST_ERR_MAX_PARAM_LENGTH: () => new AppError('URI_TOO_LONG', ERROR_TEXTS.urlTooLong),
};

const BY_STATUS = new Map<number, AppErrorCode>(
  Object.entries(ERROR_CODES).map(([code, { http }]) => [http, code as AppErrorCode]),
);

/**
 * Anything thrown, as the AppError the client may see. Unknown failures become INTERNAL with a
 * fixed text: a driver's or a library's message never reaches a response body.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // zod's core error class: thrown by classic schemas and by the zod/mini sign-in schemas alike.
  if (error instanceof z.core.$ZodError) {
    return new AppError(
      'BAD_INPUT',
      error.issues[0]?.message ?? ERROR_TEXTS.badRequest,
      zodFieldMessages(error.issues),
    );
  }
  if (isDatabaseUnavailable(error)) return new AppError('UNAVAILABLE', ERROR_TEXTS.unavailable);
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? FASTIFY_ERRORS[code] : undefined;
  if (known) return known();
  // A JSON syntax error or a forbidden prototype key from Fastify's body parser.
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (error instanceof SyntaxError && status === 400) return new AppError('BAD_INPUT', ERROR_TEXTS.badJson);
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(BY_STATUS.get(status) ?? 'BAD_INPUT', ERROR_TEXTS.badRequest);
  }
  return new AppError('INTERNAL', ERROR_TEXTS.internal);
}
