import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { grantRole, revokeRole } from '../../src/modules/users/index.js';
import { signIn, type TestClient } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { discoverCatalogue, type Procedure } from '../support/route-catalogue.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

// The operators' console is for operators only (docs/operations/operators.md, 'Roles'): every
// ops procedure, read from the app itself (one added tomorrow is checked tomorrow), refuses a
// signed-out visitor with 401 and a member with one 403 whatever the input, so a member learns
// nothing of which ids exist; an operator's idle session ends sooner than a member's; a revoked
// role is refused at the next call; grants and revocations are recorded.

const { procedures } = await discoverCatalogue();
const opsProcedures = procedures.filter((p) => p.path.startsWith('ops.'));

/** Inputs that differ in every way a member might probe: a real-looking id, garbage, nothing. */
const PROBES: unknown[] = [
  undefined,
  { page: 1 },
  {
    capsuleId: '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b',
    documentId: '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6c',
    verdict: 'Verified',
  },
  { id: 'not-an-id', code: 'NOPE', email: 'a' },
];

async function call(client: TestClient | null, t: TestApp, p: Procedure, input: unknown) {
  const encoded = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const init = { headers: { origin: t.baseUrl } };
  if (p.type === 'query') {
    if (client) return client.rest('GET', `/trpc/${p.path}${encoded}`);
    const r = await fetch(`${t.baseUrl}/trpc/${p.path}${encoded}`, init);
    return { status: r.status, body: await r.json() };
  }
  if (client) return client.rest('POST', `/trpc/${p.path}`, input ?? {});
  const r = await fetch(`${t.baseUrl}/trpc/${p.path}`, {
    method: 'POST',
    headers: { ...init.headers, 'content-type': 'application/json' },
    body: JSON.stringify(input ?? {}),
  });
  return { status: r.status, body: await r.json() };
}

describe.each(databaseKinds())('operator console guard (%s)', (kind) => {
  let t: TestApp;
  let operator: TestUser & { id: string };
  let member: TestUser & { id: string };

  beforeAll(async () => {
    // A member may stay idle two hours; an operator 30 minutes.
    t = await startTestApp(kind, { sessionIdleMinutes: 120, operatorIdleMinutes: 30 });
  }, 120_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    operator = await t.createUser({ fullName: 'Olga Operator' });
    member = await t.createUser({ fullName: 'Mia Member' });
    await grantRole({ db: t.deps.db, clock: t.clock }, operator.email, 'operator', 'test-admin');
  });

  it('finds the console procedures to check', () => {
    expect(opsProcedures.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        'ops.me',
        'ops.documents.list',
        'ops.documents.decide',
        'ops.deliveries.retry',
      ]),
    );
    expect(opsProcedures.length).toBeGreaterThanOrEqual(15);
  });

  it('refuses every ops procedure to a signed-out visitor (401) and a member (403), the same body whatever the input', async () => {
    const memberClient = await signIn(t, member);
    for (const p of opsProcedures) {
      const strangers = await Promise.all(PROBES.map((input) => call(null, t, p, input)));
      const members = await Promise.all(PROBES.map((input) => call(memberClient, t, p, input)));
      for (const answer of strangers) {
        expect([p.path, answer.status]).toEqual([p.path, 401]);
        expect(answer.body).toEqual(strangers[0]?.body);
      }
      for (const answer of members) {
        expect([p.path, answer.status]).toEqual([p.path, 403]);
        expect(answer.body).toEqual(members[0]?.body);
      }
      expect(JSON.stringify(members[0]?.body)).toContain("This page is for the service's operators.");
    }
    // The member's own pages still work.
    expect((await memberClient.trpc.capsules.list.query({})).capsules).toBeDefined();
  });

  it('lets an operator in, and ends their idle session after 30 minutes while a member stays signed in', async () => {
    const operatorClient = await signIn(t, operator);
    const memberClient = await signIn(t, member);
    expect(await operatorClient.trpc.ops.me.query()).toEqual({
      email: operator.email,
      fullName: 'Olga Operator',
    });
    for (const p of opsProcedures.filter((x) => x.type === 'query' && x.path !== 'ops.users')) {
      const answer = await call(
        operatorClient,
        t,
        p,
        p.path === 'ops.deliveries.mails'
          ? { state: 'failed' }
          : p.path === 'ops.sync.list'
            ? { status: 'failed' }
            : p.path === 'ops.affiliates.payouts'
              ? undefined
              : { page: 1 },
      );
      // Each answers the operator (a payouts page without a code is a 400, not a 401 or 403).
      expect([p.path, [200, 400].includes(answer.status)]).toEqual([p.path, true]);
    }

    t.clock.advanceMinutes(31);
    const expired = await call(operatorClient, t, opsProcedures.find((p) => p.path === 'ops.me')!, undefined);
    expect(expired.status).toBe(401);
    expect((await memberClient.trpc.capsules.list.query({})).capsules).toBeDefined();
    // Signed out for good: even back within the member's limit the operator signs in again.
    expect(
      (await call(operatorClient, t, opsProcedures.find((p) => p.path === 'ops.me')!, undefined)).status,
    ).toBe(401);
  });

  it("refuses a revoked operator's next call, and records the grant and the revocation", async () => {
    const operatorClient = await signIn(t, operator);
    expect((await operatorClient.trpc.ops.me.query()).email).toBe(operator.email);
    await revokeRole({ db: t.deps.db, clock: t.clock }, operator.email, 'operator', 'test-admin');
    const answer = await call(operatorClient, t, opsProcedures.find((p) => p.path === 'ops.me')!, undefined);
    expect(answer.status).toBe(403);
    const rows = await sql<{ action: string; operator: string; subject: string }>`
      select action, operator, subject from operator_actions where subject = ${operator.email} order by id`.execute(
      t.deps.db,
    );
    expect(rows.rows).toEqual([
      { action: 'role.grant', operator: 'test-admin', subject: operator.email },
      { action: 'role.revoke', operator: 'test-admin', subject: operator.email },
    ]);
    // The record cannot be changed.
    await expect(
      sql`update operator_actions set operator = 'someone else'`.execute(t.deps.db),
    ).rejects.toThrow(/append-only/);
  });
});
