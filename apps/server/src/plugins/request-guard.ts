import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for cookie-authenticated writes, on top of SameSite=Lax:
 * a write must not come from another site (Origin and Sec-Fetch-Site), and a body must be
 * JSON, which a plain HTML form cannot send.
 */
export const requestGuardPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  const allowed = new Set([new URL(opts.publicUrl).origin]);
  // A plain-text body is a "simple" cross-site request that skips CORS preflight: refuse it.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const crossOrigin = origin !== undefined && origin !== ownOrigin && !allowed.has(origin);
    if (fetchSite === 'cross-site' || crossOrigin) {
      return reply.code(403).send({ error: 'Cross-site request refused.' });
    }
  });
});
