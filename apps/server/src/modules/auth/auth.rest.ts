import { loginInputSchema, profileUpdateSchema } from '@capsule/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { clearSessionCookie, requestMeta, setSessionCookie } from '../../plugins/session.js';
import { memberRequired, sessionOf } from '../../rest/guards.js';
import { login, loginStatus, logout, updateProfile } from './auth.service.js';

export function registerAuthRest(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/login-status', async (request) => {
    const { user, ...status } = loginStatus(request.session);
    return { ...status, ...(user ?? {}) };
  });

  app.post('/api/login', async (request, reply) => {
    const input = loginInputSchema.parse(request.body ?? {});
    const { result, session } = await login(deps, input, requestMeta(request), request.session);
    setSessionCookie(deps, reply, session);
    return result;
  });

  app.delete('/api/logout', async (request, reply) => {
    const result = await logout(deps, request.session);
    clearSessionCookie(deps, reply);
    return result;
  });

  app.patch('/api/users/', { preHandler: memberRequired }, async (request) => {
    // The spec's payload: fullName, email, contactId (ignored); phoneNumber when the form sends it.
    return updateProfile(deps, sessionOf(request), profileUpdateSchema.parse(request.body ?? {}));
  });
}
