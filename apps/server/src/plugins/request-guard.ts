import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ERROR_TEXTS } from '../errors.js';

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

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const crossOrigin = origin !== undefined && origin !== ownOrigin && !allowed.has(origin);
    if (fetchSite === 'cross-site' || crossOrigin) throw new AppError('FORBIDDEN', CROSS_SITE_REFUSED);
    // JSON only, on REST and tRPC alike, checked before any body is read: the tRPC adapter
    // would otherwise stream a multipart body of any size into a procedure.
    if (!isJsonOrNoBody(request.headers)) throw new AppError('UNSUPPORTED_MEDIA', ERROR_TEXTS.mediaType);
  });
});

const CROSS_SITE_REFUSED = 'Cross-site request refused.';

/** A JSON body (UTF-8, the only charset JSON has), or no body at all. */
function isJsonOrNoBody(headers: FastifyRequest['headers']): boolean {
  const type = headers['content-type'];
  if (type === undefined) {
    const length = headers['content-length'];
    return headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
  }
  const [mime = '', ...params] = type.split(';').map((part) => part.trim().toLowerCase());
  if (mime !== 'application/json') return false;
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}
