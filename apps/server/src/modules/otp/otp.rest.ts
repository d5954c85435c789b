import { otpInputSchema } from '@capsule/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { requestMeta, setSessionCookie } from '../../plugins/session.js';
import { sendCode, verifyCode } from './otp.service.js';

export function registerOtpRest(app: FastifyInstance, deps: AppDeps) {
  // The legacy client posts its login result here; nothing in it is needed or trusted.
  app.post('/api/send-otp', async (request) => sendCode(deps, request.session));

  app.post('/api/verify-otp', async (request, reply) => {
    const input = otpInputSchema.parse(request.body ?? {});
    const { result, session } = await verifyCode(deps, request.session, input, requestMeta(request));
    setSessionCookie(deps, reply, session);
    return result;
  });
}
