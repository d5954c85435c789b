import type { CapsuleSort, CapsuleStatus } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CompiledStatements, createCompiledStatements } from '../../src/db/compiled-statements.js';
import { findSessionIdentity } from '../../src/modules/auth/session.repository.js';
import { listCapsules } from '../../src/modules/capsules/capsules.repository.js';
import { signIn } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { arrangeCapsule, purchase } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The guard of the kept shim 'compiled-statements' (docs/decisions/028-library-first.md): the
// session lookup and the list page, sent from a statement compiled once, must send what Kysely
// compiles afresh and read the same rows, for every filter, owner and page, on and off.

/** A CompiledStatements that notes the text and values of every statement it hands out. */
function noting(inner: CompiledStatements) {
  const sent: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  const statements: CompiledStatements = {
    statement(db, key, marks, compile, values) {
      const statement = inner.statement(db, key, marks, compile, values);
      sent.push({ sql: statement.sql, parameters: statement.parameters });
      return statement;
    },
  };
  return { statements, sent };
}

describe.each(databaseKinds())('statements compiled once (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  it('list every filter, owner and page as a fresh compile does', async () => {
    const owners = [await t.createUser(), await t.createUser()];
    for (const [n, owner] of owners.entries()) {
      await purchase(t, owner.email, '10 Legacy Capsules', n + 2);
      const ids = await t.deps.db
        .selectFrom('capsules')
        .select('id')
        .where('ownerId', '=', owner.id)
        .orderBy('seq')
        .execute();
      // Statuses and categories mixed, so every filter finds some and misses some.
      for (const [i, { id }] of ids.entries()) {
        const status = (['Pending_Recipient', 'Pending_Upload', 'Sent'] as const)[i % 3] as CapsuleStatus;
        const assigned = status !== 'Pending_Recipient';
        await arrangeCapsule(t, id, {
          status,
          recipientName: assigned ? `Recipient ${i}` : null,
          recipientEmail: assigned ? `recipient${i}@example.test` : null,
          category: assigned ? (['Wedding', 'Family', 'Wake'] as const)[(i % 4) % 3] : null,
          deliveryDate: assigned ? `20${30 + (i % 7)}-0${1 + (i % 9)}-15` : null,
        });
      }
    }
    const on = noting(t.deps.statements);
    const off = noting(createCompiledStatements({ keep: false }));
    let pages = 0;
    let rows = 0;
    for (let round = 0; round < 2; round++) {
      for (const owner of owners) {
        for (const status of [null, 'Pending_Upload', 'Sent'] as const) {
          for (const types of [[], ['Wedding'], ['Wedding', 'Family']]) {
            for (const sort of ['newest', 'oldest', 'delivery'] as CapsuleSort[]) {
              for (const [page, pageSize] of [
                [1, 12],
                [2, 5],
                [40, 12],
              ] as const) {
                const filter = { status, types, sort, page, pageSize };
                const cached = await listCapsules(t.deps.db, on.statements, owner.id, filter);
                const fresh = await listCapsules(t.deps.db, off.statements, owner.id, filter);
                expect(cached).toEqual(fresh);
                expect(on.sent.at(-1)).toEqual(off.sent.at(-1));
                pages++;
                rows += fresh.rows.length;
              }
            }
          }
        }
      }
    }
    expect(on.sent).toEqual(off.sent);
    // The grid read real pages, not only empty ones, and every row is the asking owner's.
    expect(pages).toBe(2 * 2 * 3 * 3 * 3 * 3);
    expect(rows).toBeGreaterThan(pages * 2);
    const last = await listCapsules(t.deps.db, on.statements, owners[1]?.id as string, {
      status: null,
      types: [],
      sort: 'newest',
      page: 1,
      pageSize: 100,
    });
    expect(last.total).toBe(30);
    expect(new Set(last.rows.map((row) => row.ownerId))).toEqual(new Set([owners[1]?.id]));
  });

  it("read each session's own identity, as a fresh compile does", async () => {
    const users = [await t.createUser(), await t.createUser(), await t.createUser()];
    for (const user of users) await signIn(t, user);
    const sessions = await t.deps.db.selectFrom('sessions').select(['id', 'userId']).execute();
    expect(sessions).toHaveLength(users.length);
    const on = noting(t.deps.statements);
    const off = noting(createCompiledStatements({ keep: false }));
    for (let round = 0; round < 2; round++) {
      for (const session of [...sessions, { id: 'no such session', userId: undefined }]) {
        const cached = await findSessionIdentity(t.deps.db, on.statements, session.id);
        const fresh = await findSessionIdentity(t.deps.db, off.statements, session.id);
        expect(cached).toEqual(fresh);
        expect(cached?.userId).toBe(session.userId);
      }
    }
    expect(on.sent).toEqual(off.sent);
  });
});
