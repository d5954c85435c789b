import fastifySwagger from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { documentedSchema } from './inputs.js';
import type { RestApp } from './rest-app.js';

/**
 * The OpenAPI 3.1 document of the REST shims, generated from the schemas they declare. Served
 * in every environment: it describes only the calls the spec already publishes, and a client
 * (or an operator checking a deployment) reads it from the server it talks to, so it can never
 * describe another version than the one answering.
 */
const OPENAPI_PATH = '/api/openapi.json';
/** The browsable page over the document: development only. */
const API_DOCS_PATH = '/api/docs';

/** The session cookie (docs/server-rules.md, 'Sessions'), as the document names it. */
export const SESSION_SECURITY = [{ session: [] }];

/** Inputs documented in the spec's names where they validate as a renamed schema (rest/inputs.ts). */
function withSpecNamedInputs(schema: FastifySchema): FastifySchema {
  return {
    ...schema,
    body: documentedSchema(schema.body),
    querystring: documentedSchema(schema.querystring),
    params: documentedSchema(schema.params),
  };
}

/**
 * Registers the document (and the page) in the scope whose routes it describes. `sessionCookie`
 * is this deployment's cookie name (plugins/session.ts: `__Host-` prefixed over https).
 */
export async function registerOpenApi(api: RestApp, options: { docsPage: boolean; sessionCookie: string }) {
  await api.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Legacy Capsule portal: the REST calls',
        version: '1',
        description:
          "The spec's `/api` calls, over the same services as the web client's tRPC procedures. " +
          'What the calls accept or answer beyond the spec, and what this document cannot say, ' +
          'is in docs/api/rest-shims.md.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: options.sessionCookie,
            description:
              'Set by POST /api/login (waiting for the one-time code), then by POST /api/verify-otp.',
          },
        },
      },
    },
    transform: (route) =>
      jsonSchemaTransform({ ...route, schema: route.schema && withSpecNamedInputs(route.schema) }),
  });
  api.get(OPENAPI_PATH, { schema: { hide: true } }, async () => api.swagger());
  if (options.docsPage) {
    // Loaded only where it is served.
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    await api.register(swaggerUi, { routePrefix: API_DOCS_PATH });
  }
}
