import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiledStatements } from './compiled-statements.js';
import { type DatabaseHandle, type Db, openDatabase } from './database.js';

// The kept shim 'compiled-statements' (docs/decisions/028-library-first.md) sends a statement
// Kysely compiled once with each call's values in the markers' places: it must be, text and
// parameters, what compiling afresh gives, or one request could read with another's values.
// Compiling needs no table: an in-memory PGlite with no schema will do.
describe('compiled statements', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
  });
  afterAll(async () => handle?.close());

  const MARKS = { owner: '\u0000owner', limit: -1_000_001 };
  type Values = Readonly<Record<keyof typeof MARKS, unknown>>;
  // A constant parameter ('Sent') between the slots, and the owner used twice.
  const query = (db: Db, v: Values) =>
    db
      .selectFrom('capsules')
      .select(['id', 'title'])
      .where('ownerId', '=', v.owner as string)
      .where('status', '=', 'Sent')
      .where('recipientUserId', '<>', v.owner as string)
      .limit(v.limit as number)
      .compile();
  const VALUES: Values[] = [
    { owner: 'a', limit: 12 },
    { owner: "o'brien", limit: 1 },
    { owner: '\u0000owner', limit: -1_000_001 },
    { owner: 'a', limit: 12 },
  ];

  function counted(db: Db) {
    let compiles = 0;
    const compile = (v: Values) => {
      compiles++;
      return query(db, v);
    };
    return { compile, compiles: () => compiles };
  }

  it('on, compiles once and sends, for every call, what a fresh compile sends', () => {
    const statements = createCompiledStatements({ keep: true });
    const { compile, compiles } = counted(handle.db);
    const ids = new Set();
    for (const values of [...VALUES, ...VALUES]) {
      const sent = statements.statement(handle.db, 'test.page', MARKS, compile, values);
      const fresh = query(handle.db, values);
      expect({ sql: sent.sql, parameters: sent.parameters }).toEqual({
        sql: fresh.sql,
        parameters: fresh.parameters,
      });
      ids.add(sent.queryId);
    }
    expect(compiles()).toBe(1);
    // Each call is its own query to Kysely's executor and plugins.
    expect(ids.size).toBe(2 * VALUES.length);
  });

  it('off (KEPT_SHIMS_OFF=compiled-statements), compiles every call', () => {
    const statements = createCompiledStatements({ keep: false });
    const { compile, compiles } = counted(handle.db);
    for (const values of VALUES) statements.statement(handle.db, 'test.page', MARKS, compile, values);
    expect(compiles()).toBe(VALUES.length);
  });

  it('compiles every call on a database with another plugin, which must see each query', () => {
    const statements = createCompiledStatements({ keep: true });
    let seen = 0;
    const watcher: KyselyPlugin = {
      transformQuery: ({ node }) => {
        seen++;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const watched = handle.db.withPlugin(watcher);
    const { compile, compiles } = counted(watched);
    for (const values of VALUES) statements.statement(watched, 'test.page', MARKS, compile, values);
    expect(compiles()).toBe(VALUES.length);
    expect(seen).toBe(VALUES.length);
  });

  it('compiles every call inside a transaction', async () => {
    const statements = createCompiledStatements({ keep: true });
    await handle.db.transaction().execute(async (trx) => {
      const { compile, compiles } = counted(trx);
      for (const values of VALUES) statements.statement(trx, 'test.page', MARKS, compile, values);
      expect(compiles()).toBe(VALUES.length);
    });
  });

  it('keeps one template per key, and another key compiles its own', () => {
    const statements = createCompiledStatements({ keep: true });
    const { compile } = counted(handle.db);
    const other = (v: Values) =>
      handle.db
        .selectFrom('capsules')
        .select('id')
        .where('ownerId', '=', v.owner as string)
        .limit(v.limit as number)
        .compile();
    statements.statement(handle.db, 'test.page', MARKS, compile, VALUES[0] as Values);
    const sent = statements.statement(handle.db, 'test.other', MARKS, other, VALUES[1] as Values);
    expect(sent.sql).toBe(other(VALUES[1] as Values).sql);
    // Past the bound of templates per database the old ones go, and every answer stays right.
    for (let k = 0; k < 70; k++) {
      const values = { owner: `owner ${k}`, limit: k + 1 };
      const sentK = statements.statement(handle.db, `test.page.${k}`, MARKS, compile, values);
      expect(sentK.parameters).toEqual(query(handle.db, values).parameters);
    }
  });

  it('refuses a marker the builder wrote into the text rather than as a parameter', () => {
    const statements = createCompiledStatements({ keep: true });
    const inlined = (v: Values) =>
      handle.db
        .selectFrom('capsules')
        .select('id')
        .where('ownerId', '=', v.owner as string)
        .limit(12)
        .compile();
    expect(() =>
      statements.statement(handle.db, 'test.inlined', MARKS, inlined, VALUES[0] as Values),
    ).toThrow('compiled statement test.inlined: no parameter for limit');
  });
});
