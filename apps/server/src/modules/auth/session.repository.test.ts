import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database.js';
import { sessionIdentityQuery, sessionIdentityStatement } from './session.repository.js';

// Every request's session lookup sends a statement compiled once (db/compile-once.ts) with the
// request's session id put in: it must be, text and parameters, what compiling afresh gives,
// or one request could read another's session. Compiling needs no table: a bare PGlite will do.
describe('the session lookup statement', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
  });
  afterAll(async () => handle?.close());

  it('carries each request its own session id, as a fresh compile does', () => {
    const ids = ['s-1', 'another session', "quote'd", '\u0000session', 's-1'];
    for (const id of ids) {
      const sent = sessionIdentityStatement(handle.db, id);
      const fresh = sessionIdentityQuery(handle.db, id).compile();
      expect({ sql: sent.sql, parameters: sent.parameters }).toEqual({
        sql: fresh.sql,
        parameters: fresh.parameters,
      });
      expect(sent.parameters.filter((p) => p === id).length).toBeGreaterThan(0);
    }
  });
});
