import { loginInputSchema, profileUpdateSchema } from '@capsule/domain';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { clearSessionCookie, requestMeta, setSessionCookie } from '../../plugins/session.js';
import { memberOnly, sessionOf } from '../../rest/guards.js';
import { bodyOrEmpty } from '../../rest/inputs.js';
import { SESSION_SECURITY } from '../../rest/openapi.js';
import { errorAnswers, memberErrors } from '../../rest/responses.js';
import type { RestApp } from '../../rest/rest-app.js';
import {
  loginOutputSchema,
  loginStatusOutputSchema,
  logoutOutputSchema,
  sessionUserOutputSchema,
} from './auth.output.js';
import { login, loginStatus, logout, updateProfile } from './auth.service.js';

const status = loginStatusOutputSchema.shape;
/** auth.status's fields with the user's beside them (absent when signed out), not under `user`. */
const loginStatusSchema = z
  .object({
    loggedIn: status.loggedIn.describe('Fully signed in: password and one-time code.'),
    requiresOtp: status.requiresOtp.describe('The password was right; the one-time code is still due.'),
    hasReadTerms: status.hasReadTerms,
    ...sessionUserOutputSchema.partial().shape,
  })
  .describe("The session's state; once signed in, the user's fields beside it.");

export function registerAuthRest(app: RestApp, deps: AppDeps) {
  app.get(
    '/api/login-status',
    { schema: { tags: ['sign-in'], response: { 200: loginStatusSchema, ...errorAnswers() } } },
    async (request) => {
      const { user, ...status } = loginStatus(request.session);
      return { ...status, ...(user ?? {}) };
    },
  );

  app.post(
    '/api/login',
    {
      schema: {
        tags: ['sign-in'],
        description: 'The password step: a session that waits for its one-time code (POST /api/send-otp).',
        body: bodyOrEmpty(loginInputSchema),
        response: { 200: loginOutputSchema, ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const { result, session } = await login(deps, request.body, requestMeta(request), request.session);
      setSessionCookie(deps, reply, session);
      return result;
    },
  );

  app.delete(
    '/api/logout',
    {
      schema: {
        tags: ['sign-in'],
        response: { 200: logoutOutputSchema, ...errorAnswers() },
      },
    },
    async (request, reply) => {
      const result = await logout(deps, request.session);
      clearSessionCookie(deps, reply);
      return result;
    },
  );

  app.patch(
    '/api/users/',
    {
      ...memberOnly,
      schema: {
        tags: ['account'],
        security: SESSION_SECURITY,
        // The spec's payload: fullName, email, contactId (ignored); phoneNumber when the form sends it.
        body: bodyOrEmpty(profileUpdateSchema),
        response: { 200: sessionUserOutputSchema, ...memberErrors() },
      },
    },
    async (request) => updateProfile(deps, sessionOf(request), request.body),
  );
}
