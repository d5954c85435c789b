import { initTRPC, TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { AppError, ERROR_CODES, ERROR_TEXTS, toAppError, zodFieldMessages } from '../errors.js';
import { unsafeInputReason } from '../lib/safe-input.js';
import { requireMember, requireOperator, requireSession, requireVerified } from '../modules/auth/index.js';
import type { Context } from './context.js';

interface IssueLike {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

function validationIssues(cause: unknown): IssueLike[] | null {
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? (issues as IssueLike[]) : null;
}

const t = initTRPC.context<Context>().create({
  // Never a stack trace in a response, in any environment (docs/server-rules.md, 'Wire formats').
  isDev: false,
  errorFormatter({ shape, error }) {
    // An unexpected failure keeps its text in the log (app.ts onError), never in the body.
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return { ...shape, message: ERROR_TEXTS.internal };
    }
    // An input error reads like the spec's field message, not a JSON dump of zod issues;
    // fieldErrors lets a form put each message under its field.
    const issues = validationIssues(error.cause);
    if (!issues) return shape;
    const fieldErrors = zodFieldMessages(
      issues.map((issue) => ({
        message: issue.message,
        path: (issue.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)),
      })),
    );
    return { ...shape, message: issues[0]?.message ?? shape.message, data: { ...shape.data, fieldErrors } };
  },
});

// tRPC's own message when an answer fails its .output() schema: our bug, never the caller's
// bad input, though its cause is a zod error like one.
const OUTPUT_CHECK_FAILED = 'Output validation failed';

/**
 * Services throw AppError; a lost database connection becomes UNAVAILABLE: each becomes the
 * tRPC code of the one table in errors.ts. Anything else stays an internal error.
 */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok || result.error.code !== 'INTERNAL_SERVER_ERROR') return result;
  if (result.error.message === OUTPUT_CHECK_FAILED) return result;
  const cause = toAppError(result.error.cause ?? result.error);
  if (cause.code === 'INTERNAL') return result;
  throw new TRPCError({ code: ERROR_CODES[cause.code].trpc, message: cause.message, cause });
});

/** Text PostgreSQL cannot store is refused before the procedure sees it (lib/safe-input.ts). */
const safeInput = t.middleware(async ({ getRawInput, next }) => {
  // An unreadable input is the input parser's to refuse (a procedure without input ignores it).
  const raw = await getRawInput().catch(() => undefined);
  const reason = unsafeInputReason(raw);
  if (reason) throw new AppError('BAD_INPUT', reason);
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(appErrors).use(safeInput);

/** Any session, even one still waiting for its code. */
export const sessionProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, session: requireSession(ctx.session) } }),
);

/** Password and code checked; terms may be pending. */
export const verifiedProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, session: requireVerified(ctx.session) } }),
);

/** Fully signed in with the terms accepted: every data call. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, session: requireMember(ctx.session) } }),
);

/** The operators' console: a member holding the operator role (docs/operations/operators.md). */
export const operatorProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, session: requireOperator(ctx.session) } }),
);

/**
 * Every procedure's output schema, as given to .output(): checked with zod's synchronous parse.
 * Given the schema itself, tRPC runs parseAsync, and zod uses its compiled object parser only in
 * a synchronous parse: a list page of 12 capsules cost about 50 µs of CPU that way and 18 µs
 * this way. The
 * checks are the same, and so is what they guard: nothing beyond the declared fields leaves the
 * server (zod strips the rest), and an answer that does not fit fails the call exactly as the
 * schema itself would make it fail (init.test.ts). Only for schemas without async refinements or
 * transforms, which a synchronous parse refuses (the procedure's tests would fail).
 */
export const parsedOutput =
  <S extends z.ZodType>(schema: S) =>
  (value: unknown): z.output<S> =>
    schema.parse(value);
