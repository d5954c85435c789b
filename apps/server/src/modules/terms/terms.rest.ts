import { acceptTermsSchema } from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import { requestMeta } from '../../plugins/session.js';
import { sessionOf, sessionOnly, verifiedOnly } from '../../rest/guards.js';
import { bodyOrEmpty } from '../../rest/inputs.js';
import { SESSION_SECURITY } from '../../rest/openapi.js';
import { errorAnswers } from '../../rest/responses.js';
import type { RestApp } from '../../rest/rest-app.js';
import { termsAcceptedOutputSchema, termsStateOutputSchema } from './terms.output.js';
import { acceptTerms, checkTerms } from './terms.service.js';

export function registerTermsRest(app: RestApp, deps: AppDeps) {
  app.get(
    '/api/check-terms',
    {
      ...sessionOnly,
      schema: {
        tags: ['sign-in'],
        security: SESSION_SECURITY,
        response: { 200: termsStateOutputSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return checkTerms(deps, session.user.id, session.stage === 'verified');
    },
  );

  app.post(
    '/api/accept-terms',
    {
      ...verifiedOnly,
      schema: {
        tags: ['sign-in'],
        security: SESSION_SECURITY,
        body: bodyOrEmpty(acceptTermsSchema),
        response: { 200: termsAcceptedOutputSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return acceptTerms(deps, session.user.id, session.stage === 'verified', requestMeta(request));
    },
  );
}
