import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppDeps } from '../../src/deps.js';
import { coldDeps, discoverCatalogue } from '../support/route-catalogue.js';

// The REST shims' OpenAPI document (rest/openapi.ts) is generated from the schemas the shims
// declare. It must be valid OpenAPI 3.1, name every call of the spec and every /api call
// docs/api/rest-shims.md speaks of, and leave no registered REST route out.

/** The spec's calls (section 7), the contract the REST shims keep. */
const SPEC_CALLS = [
  'GET /api/login-status',
  'POST /api/login',
  'POST /api/send-otp',
  'POST /api/verify-otp',
  'DELETE /api/logout',
  'GET /api/check-terms',
  'POST /api/accept-terms',
  'PATCH /api/users/',
  'GET /api/subscription',
  'GET /api/contacts',
  'POST /api/contacts',
  'PATCH /api/contacts/{id}',
  'DELETE /api/delete-user-contact',
  'GET /api/capsules',
  'GET /api/capsules/counts',
  'GET /api/capsules/{id}',
  'POST /api/capsules/{id}/recipient',
  'POST /api/capsules/set-milestone',
  'POST /api/capsule/lock',
  'DELETE /api/capsules/{id}/video',
  'POST /api/recover-capsule',
  'POST /api/get-sas-url',
  'POST /api/notify-upload-complete',
  'POST /api/get-secure-url-preview',
  'GET /api/received-capsules',
  'GET /api/received-capsules/{id}',
  'POST /api/get-secure-url',
  'POST /api/get-document-sas-url',
  'POST /api/notify-document-upload-complete',
];

const REST_SHIMS_DOC = new URL('../../../../docs/api/rest-shims.md', import.meta.url);

/** Every `METHOD /api/...` the page names, as written there ({id} for a path parameter). */
function callsNamedIn(markdown: string): string[] {
  const calls = [...markdown.matchAll(/\b(GET|POST|PATCH|PUT|DELETE) (\/api\/[^\s`|,:)*]*)/g)].map(
    ([, method, path]) => `${method} ${path}`,
  );
  return [...new Set(calls)].sort();
}

interface Operation {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  parameters?: Array<{ in: string; name: string }>;
  responses?: Record<string, { content?: Record<string, unknown> }>;
  security?: unknown[];
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const documentedCalls = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );

async function appIn(nodeEnv: AppDeps['config']['nodeEnv']) {
  const deps = coldDeps();
  const config = { ...deps.config, nodeEnv, isProduction: nodeEnv === 'production' };
  return buildApp({ ...deps, config }, { serveWeb: false, logger: false });
}

describe('the OpenAPI document of the REST shims', () => {
  let app: FastifyInstance;
  let doc: Document;
  beforeAll(async () => {
    app = await appIn('test');
    const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    doc = answer.json();
  });
  afterAll(async () => app?.close());

  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("names every call of the spec, with the spec's paths and methods", () => {
    const documented = new Set(documentedCalls(doc));
    expect(SPEC_CALLS.filter((call) => !documented.has(call))).toEqual([]);
  });

  it('names every /api call docs/api/rest-shims.md speaks of', () => {
    // The document's own address is the one it leaves out.
    const named = callsNamedIn(readFileSync(REST_SHIMS_DOC, 'utf8')).filter(
      (call) => call !== 'GET /api/openapi.json',
    );
    expect(named.length).toBeGreaterThan(5);
    const documented = new Set(documentedCalls(doc));
    expect(named.filter((call) => !documented.has(call))).toEqual([]);
  });

  it('leaves no REST route out, and documents nothing that is not one', async () => {
    const { rest } = await discoverCatalogue();
    const routes = rest
      .filter((route) => route.url.startsWith('/api/') && route.url !== '/api/openapi.json')
      .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
      .sort();
    expect(documentedCalls(doc).sort()).toEqual(routes);
  });

  it('gives every call its answers: a success with a body, and the error shape', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const call = `${method.toUpperCase()} ${path}`;
        const statuses = Object.keys(operation.responses ?? {});
        expect(
          statuses.some((s) => /^2\d\d$/.test(s)),
          call,
        ).toBe(true);
        for (const status of ['400', '429', '500']) expect(statuses, call).toContain(status);
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          expect(response.content?.['application/json'], `${call} ${status}`).toBeDefined();
        }
      }
    }
  });

  it("shows a renamed input in the spec's names, not the names it is validated under", () => {
    const body = (path: string) =>
      Object.keys(doc.paths[path]?.post?.requestBody?.content['application/json']?.schema.properties ?? {});
    expect(body('/api/capsules/set-milestone')).toEqual(
      expect.arrayContaining(['capsuleId', 'capsule', 'milestoneDate', 'capsuleType', 'milestoneMessage']),
    );
    expect(body('/api/capsules/set-milestone')).not.toContain('info');
    expect(body('/api/contacts')).toEqual(
      expect.arrayContaining(['x_studio_email', 'x_studio_relationship_type']),
    );
    const query = (doc.paths['/api/capsules']?.get?.parameters ?? []).map((p) => `${p.in} ${p.name}`);
    expect(query).toEqual(
      expect.arrayContaining(['query x_status', 'query sortby', 'query type', 'query page']),
    );
  });

  it('marks the calls behind a session', () => {
    expect(doc.paths['/api/capsules']?.get?.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/login']?.post?.security).toBeUndefined();
  });
});

describe('where the document and its page are served', () => {
  it('the page at /api/docs in development only; the document everywhere', async () => {
    for (const nodeEnv of ['development', 'test', 'production'] as const) {
      const app = await appIn(nodeEnv);
      try {
        const page = await app.inject({ method: 'GET', url: '/api/docs/' });
        expect(page.statusCode, nodeEnv).toBe(nodeEnv === 'development' ? 200 : 404);
        if (nodeEnv === 'development') expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect((await app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode, nodeEnv).toBe(200);
      } finally {
        await app.close();
      }
    }
  });
});
