import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { signIn } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { purchase } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Records the first table each query names (or the alias of what it reads, such as the
 * session_identity() function read as session_identities), to count what one HTTP request asks
 * the database.
 */
class QueryRecorder implements KyselyPlugin {
  tables: string[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const from = (
      node as {
        from?: {
          froms?: Array<{ table?: { identifier?: { name?: string } }; alias?: { name?: string } }>;
        };
      }
    ).from;
    const first = from?.froms?.[0];
    this.tables.push(first?.table?.identifier?.name ?? first?.alias?.name ?? node.kind);
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describe.each(databaseKinds())('what one request asks the database (%s)', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  const recorder = new QueryRecorder();
  beforeAll(async () => {
    t = await startTestApp(kind);
    app = await buildApp(
      { ...t.deps, db: t.deps.db.withPlugin(recorder) },
      { serveWeb: false, logger: false },
    );
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });
  beforeEach(async () => t.reset());

  async function member() {
    const user = await t.createUser();
    const client = await signIn(t, user);
    await purchase(t, user.email);
    const cookie = `capsule_session=${await client.sessionCookie()}`;
    return { cookie };
  }

  it('the session, its user and the terms state are one query, once per HTTP request', async () => {
    const { cookie } = await member();
    recorder.tables = [];
    const list = await app.inject({ method: 'GET', url: '/api/capsules?page=1', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(recorder.tables.filter((table) => table === 'session_identities')).toHaveLength(1);
    expect(recorder.tables).not.toContain('users');
    expect(recorder.tables).not.toContain('terms_acceptances');

    // A tRPC batch of three procedures: still one identity read for the whole request.
    recorder.tables = [];
    const batch = await app.inject({
      method: 'GET',
      url: `/trpc/capsules.counts,subscriptions.current,capsules.list?batch=1&input=${encodeURIComponent(
        JSON.stringify({ 2: { page: 1 } }),
      )}`,
      headers: { cookie },
    });
    expect(batch.statusCode).toBe(200);
    expect(recorder.tables.filter((table) => table === 'session_identities')).toHaveLength(1);
    expect(recorder.tables).not.toContain('terms_acceptances');
  });

  it('logout and a missing terms acceptance take effect on the very next request', async () => {
    const { cookie } = await member();
    expect(
      (await app.inject({ method: 'GET', url: '/api/capsules/counts', headers: { cookie } })).statusCode,
    ).toBe(200);
    await t.deps.db.deleteFrom('termsAcceptances').execute();
    expect(
      (await app.inject({ method: 'GET', url: '/api/capsules/counts', headers: { cookie } })).statusCode,
    ).toBe(403);
    const logout = await app.inject({ method: 'DELETE', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/capsules/counts', headers: { cookie } })).statusCode,
    ).toBe(401);
  });
});
