import { initTRPC, TRPCError } from '@trpc/server';
import { AppError, ERROR_CODES } from '../errors.js';
import { requireMember, requireSession, requireVerified } from '../modules/auth/guards.js';
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
  // An input error reads like the spec's field message, not a JSON dump of zod issues;
  // fieldErrors lets a form put each message under its field.
  errorFormatter({ shape, error }) {
    const issues = validationIssues(error.cause);
    if (!issues) return shape;
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) {
      const key = (issue.path ?? [])
        .map((p) => (typeof p === 'object' ? String(p.key) : String(p)))
        .join('.');
      fieldErrors[key] ??= issue.message;
    }
    return { ...shape, message: issues[0]?.message ?? shape.message, data: { ...shape.data, fieldErrors } };
  },
});

/** Services throw AppError; here it becomes the tRPC code of the one table in errors.ts. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: ERROR_CODES[cause.code].trpc, message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(appErrors);

/** Any session, even one still waiting for its code. */
export const sessionProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, session: requireSession(ctx.session) } }),
);

/** Password and code checked; terms may be pending. */
export const verifiedProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, session: requireVerified(ctx.session) } }),
);

/** Fully signed in with the terms accepted: every data call. */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) =>
  next({ ctx: { ...ctx, session: await requireMember(ctx.deps.db, ctx.session) } }),
);
