import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

// Services throw AppError with one of these codes; this table is the only place that decides
// how each code looks on the wire, for tRPC and REST alike.
export const ERROR_CODES = {
  BAD_INPUT: { http: 400, trpc: 'BAD_REQUEST' },
  UNAUTHENTICATED: { http: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { http: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { http: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { http: 409, trpc: 'CONFLICT' },
  UNSUPPORTED_MEDIA: { http: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  TOO_MANY: { http: 429, trpc: 'TOO_MANY_REQUESTS' },
  UNAVAILABLE: { http: 503, trpc: 'INTERNAL_SERVER_ERROR' },
} as const satisfies Record<string, { http: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type AppErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const badInput = (message: string) => new AppError('BAD_INPUT', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
