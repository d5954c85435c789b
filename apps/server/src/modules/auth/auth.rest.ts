import { loginInputSchema, profileUpdateSchema } from '@capsule/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { badInput } from '../../errors.js';
import { clearSessionCookie, requestMeta, setSessionCookie } from '../../plugins/session.js';
import { memberRequired, sessionOf } from '../../rest/guards.js';
import { login, loginStatus, logout, updateProfile } from './auth.service.js';

// The spec's legacy PATCH /api/users/ payload also carries email and contactId; the e-mail is
// the main site's sign-in and cannot change here.
const legacyProfileSchema = profileUpdateSchema.extend({
  email: z.string().optional(),
  contactId: z.unknown().optional(),
});

export function registerAuthRest(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/login-status', async (request) => {
    const { user, ...status } = await loginStatus(deps, request.session);
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

  app.patch('/api/users/', { preHandler: memberRequired(deps) }, async (request) => {
    const session = sessionOf(request);
    const { email, fullName, phoneNumber } = legacyProfileSchema.parse(request.body ?? {});
    if (email !== undefined && email.trim().toLowerCase() !== session.user.email.toLowerCase()) {
      throw badInput('Your e-mail address is managed on the main site and cannot be changed here.');
    }
    return updateProfile(deps, session, { fullName, phoneNumber });
  });
}
