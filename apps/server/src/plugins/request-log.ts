import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One line per request, after the answer ("GET /api/capsules 200 3.1 ms"), instead of Fastify's
 * two lines with full request objects: at info in production, where it is the access log; at
 * debug in development, where a person reads the terminal (LOG_LEVEL=debug shows them).
 */
export const requestLogPlugin = fp(async (app: FastifyInstance, opts: { level: 'info' | 'debug' }) => {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    request.log[opts.level](
      `${request.method} ${path.slice(0, 200)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`,
    );
  });
});
