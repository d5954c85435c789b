import { acceptTermsSchema } from '@capsule/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { requestMeta } from '../../plugins/session.js';
import { sessionOf, sessionRequired, verifiedRequired } from '../../rest/guards.js';
import { acceptTerms, checkTerms } from './terms.service.js';

export function registerTermsRest(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/check-terms', { preHandler: sessionRequired }, async (request) => {
    const session = sessionOf(request);
    return checkTerms(deps, session.user.id, session.stage === 'verified');
  });

  app.post('/api/accept-terms', { preHandler: verifiedRequired }, async (request) => {
    acceptTermsSchema.parse(request.body ?? {});
    const session = sessionOf(request);
    return acceptTerms(deps, session.user.id, session.stage === 'verified', requestMeta(request));
  });
}
