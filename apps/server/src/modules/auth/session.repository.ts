import { type Selectable, sql } from 'kysely';
import type { CompiledStatements } from '../../db/compiled-statements.js';
import type { Db } from '../../db/database.js';
import type { SessionIdentitiesTable } from '../../db/schema.js';
import type { SessionStage } from './session.types.js';

interface NewSession {
  id: string;
  userId: string;
  stage: SessionStage;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/**
 * Gives the previous session of the same user a new id and stage in place; the old id no
 * longer exists, and rows that point at the session (its one-time code) follow it (migration
 * 0006, ON UPDATE CASCADE). False when there was no such session of that user.
 */
export async function rotateSession(db: Db, previousId: string, session: NewSession): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set(session)
    .where('id', '=', previousId)
    .where('userId', '=', session.userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/**
 * Moves last_seen_at to `at` unless it is already after `seenSince`. A request that finds the
 * row being touched by another skips it rather than waiting: when the minute comes round, every
 * request of the user then in flight sees the old time, and without this each would queue on
 * the row lock behind the one before it, each waiting for the previous commit's flush to disk.
 */
export async function touchSession(db: Db, sessionId: string, at: Date, seenSince: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ lastSeenAt: at })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sessionId)
        .where('lastSeenAt', '<=', seenSince)
        .forUpdate()
        .skipLocked(),
    )
    .execute();
}

/**
 * The session with its user and the terms versions the user accepted, in one read (the
 * session_identities view, migration 0007): the whole "who is asking" of a request. Read
 * through the session_identity() function (migration 0010), which keeps the view's query
 * plan for the connection instead of planning it on every request.
 */
function sessionIdentityQuery(db: Db, sessionId: string) {
  return db
    .selectFrom(
      sql<Selectable<SessionIdentitiesTable>>`session_identity(${sessionId})`.as('sessionIdentities'),
    )
    .select([
      'id',
      'stage',
      'lastSeenAt',
      'expiresAt',
      'userId',
      'username',
      'email',
      'fullName',
      'phoneNumber',
      'acceptedTermsVersions',
      'roles',
    ])
    .where('id', '=', sessionId);
}

// Every request sends it: compiled once per database (db/compiled-statements.ts).
const SESSION_MARKS = { sessionId: '\u0000session' };

export async function findSessionIdentity(db: Db, statements: CompiledStatements, sessionId: string) {
  const statement = statements.statement(
    db,
    'auth.sessionIdentity',
    SESSION_MARKS,
    (v) => sessionIdentityQuery(db, v.sessionId as string).compile(),
    { sessionId },
  );
  const { rows } = await db.executeQuery(statement);
  return rows[0];
}

/** Deletes up to `limit` sessions that expired before `before`; how many went. */
export async function deleteSessionsExpiredBefore(db: Db, before: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', 'in', (eb) =>
      eb.selectFrom('sessions').select('id').where('expiresAt', '<', before).limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
