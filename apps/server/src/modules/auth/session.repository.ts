import type { Db } from '../../db/database.js';
import type { SessionStage } from './session.types.js';

export interface NewSession {
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
 * The session alone: the users table belongs to the users module, so the user is read through
 * its index (session.service.ts), not joined here.
 */
export function findSession(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'userId', 'stage', 'lastSeenAt', 'expiresAt'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function touchSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ lastSeenAt: at }).where('id', '=', sessionId).execute();
}
