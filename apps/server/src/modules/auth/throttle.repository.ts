import type { Db } from '../../db/database.js';
import type { AuthFailureScope } from '../../db/schema.js';

export async function countFailuresSince(db: Db, scope: AuthFailureScope, key: string, since: Date) {
  const row = await db
    .selectFrom('authFailures')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertFailures(
  db: Db,
  entries: Array<{ scope: AuthFailureScope; key: string; createdAt: Date }>,
): Promise<void> {
  await db.insertInto('authFailures').values(entries).execute();
}

/** Deletes up to `limit` failures recorded before `before`; how many went. */
export async function deleteFailuresBefore(db: Db, before: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('authFailures')
    .where('id', 'in', (eb) =>
      eb.selectFrom('authFailures').select('id').where('createdAt', '<', before).limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
