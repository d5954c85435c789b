import { otpInputSchema } from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import { requestMeta, setSessionCookie } from '../../plugins/session.js';
import { bodyOrEmpty } from '../../rest/inputs.js';
import { SESSION_SECURITY } from '../../rest/openapi.js';
import { errorAnswers } from '../../rest/responses.js';
import type { RestApp } from '../../rest/rest-app.js';
import { codeSentOutputSchema, codeVerifiedOutputSchema } from './otp.output.js';
import { sendCode, verifyCode } from './otp.service.js';

export function registerOtpRest(app: RestApp, deps: AppDeps) {
  // The legacy client posts its login result here; nothing in it is needed or trusted.
  app.post(
    '/api/send-otp',
    {
      schema: {
        tags: ['sign-in'],
        security: SESSION_SECURITY,
        description:
          "Mails a one-time code to the password-stage session's user. Any body, or none, is ignored.",
        response: { 200: codeSentOutputSchema, ...errorAnswers(401, 409) },
      },
    },
    async (request) => sendCode(deps, request.session),
  );

  app.post(
    '/api/verify-otp',
    {
      schema: {
        tags: ['sign-in'],
        security: SESSION_SECURITY,
        description: 'The code step: the session becomes fully signed in.',
        body: bodyOrEmpty(otpInputSchema),
        response: { 200: codeVerifiedOutputSchema, ...errorAnswers(401, 409) },
      },
    },
    async (request, reply) => {
      const { result, session } = await verifyCode(deps, request.session, request.body, requestMeta(request));
      setSessionCookie(deps, reply, session);
      return result;
    },
  );
}
