import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps, RequestMeta } from '../deps.js';
import { isApiPath } from '../lib/paths.js';
import { type IssuedSession, type RequestSession, resolveSession } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

// Outside local http development the cookie is Secure and `__Host-` prefixed (docs/server-rules.md, 'Sessions'):
// the prefix makes browsers refuse it unless Secure, host-only and Path=/.
export function sessionCookieName(deps: AppDeps): string {
  return secureCookies(deps) ? '__Host-capsule_session' : 'capsule_session';
}
const secureCookies = (deps: AppDeps) => deps.config.publicUrl.startsWith('https://');

export function setSessionCookie(deps: AppDeps, reply: FastifyReply, issued: IssuedSession): void {
  reply.setCookie(sessionCookieName(deps), issued.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(deps),
    path: '/',
    expires: issued.expiresAt,
  });
}

export function clearSessionCookie(deps: AppDeps, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(deps), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(deps),
  });
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
}

/** Resolves the session once per API request; handlers read `request.session`. */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { deps: AppDeps }) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url)) return;
    request.session = await resolveSession(opts.deps, request.cookies[sessionCookieName(opts.deps)]);
  });
});
