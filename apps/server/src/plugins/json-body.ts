import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON bodies for the REST shims. The spec's request helper sends a JSON content type on every
 * call, with a body only when there is one (section 7), so DELETE /api/logout arrives as
 * `Content-Type: application/json` with nothing after it. Fastify would refuse that (400);
 * here an empty body is simply no body. Anything else goes to Fastify's own parser, which
 * refuses prototype keys. The tRPC routes read their bodies themselves.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
});
