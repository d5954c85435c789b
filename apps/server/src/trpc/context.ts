import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AppDeps } from '../deps.js';
import { requestMeta } from '../plugins/session.js';

/** Per request: the shared deps, the session resolved by the session plugin, and the reply for cookies. */
export function makeContextFactory(deps: AppDeps) {
  return ({ req, res }: Pick<CreateFastifyContextOptions, 'req' | 'res'>) => ({
    deps,
    session: req.session,
    meta: requestMeta(req),
    reply: res,
  });
}

export type Context = ReturnType<ReturnType<typeof makeContextFactory>>;
