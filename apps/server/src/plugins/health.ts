import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, pingDatabase } from '../db/database.js';
import { AppError, ERROR_TEXTS } from '../errors.js';

/**
 * For load balancers and orchestrators. /healthz: the process answers (liveness; it never
 * touches the database, so a database outage does not get healthy instances restarted).
 * /readyz: this instance can serve, its database answers (readiness; take it out while not).
 */
export const healthPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    reply.headers(noStore);
    // Not ready answers like any other outage: through the error handler (503, Retry-After).
    if (!(await pingDatabase(opts.db))) throw new AppError('UNAVAILABLE', ERROR_TEXTS.unavailable);
    return { status: 'ready' };
  });
});
