import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilesPlainly, type DatabaseHandle, openDatabase } from '../../db/database.js';
import { type CapsuleListFilter, listPageQuery, listPageStatement } from './capsules.repository.js';

// listCapsules sends a page statement compiled once per database and filter, with each
// request's owner, limit and offset put in: it must be, text and parameters, what compiling the
// query afresh gives. Compiling needs no table: an in-memory PGlite with no schema will do.
describe('the list page statement', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
  });
  afterAll(async () => handle?.close());

  const owners = ['7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b', '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'];
  const filters: CapsuleListFilter[] = [];
  for (const status of [null, 'Sent', 'Pending_Upload'] as const)
    for (const types of [[], ['Wedding'], ['Wedding', 'Family']])
      for (const sort of ['newest', 'oldest', 'delivery'] as const)
        for (const [page, pageSize] of [
          [1, 12],
          [3, 12],
          [1, 1000],
        ] as const)
          filters.push({ status, types, sort, page, pageSize });

  it('is, text and parameters, a fresh compile of the query, the first time and after', () => {
    expect(compilesPlainly(handle.db)).toBe(true);
    for (let round = 0; round < 2; round++) {
      for (const owner of owners) {
        for (const filter of filters) {
          const sent = listPageStatement(handle.db, owner, filter);
          const window = { limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize };
          const fresh = listPageQuery(handle.db, owner, filter, window).compile();
          expect({ sql: sent.sql, parameters: sent.parameters }).toEqual({
            sql: fresh.sql,
            parameters: fresh.parameters,
          });
        }
      }
    }
  });

  it('is compiled every time on a database with another plugin, which sees each query', () => {
    let seen = 0;
    const watcher: KyselyPlugin = {
      transformQuery: ({ node }: PluginTransformQueryArgs) => {
        seen++;
        return node;
      },
      transformResult: async ({ result }: PluginTransformResultArgs) => result,
    };
    const watched = handle.db.withPlugin(watcher);
    expect(compilesPlainly(watched)).toBe(false);
    const [filter] = filters as [CapsuleListFilter];
    listPageStatement(watched, owners[0] as string, filter);
    const once = seen;
    listPageStatement(watched, owners[0] as string, filter);
    expect(once).toBeGreaterThan(0);
    expect(seen).toBe(2 * once);
  });
});
