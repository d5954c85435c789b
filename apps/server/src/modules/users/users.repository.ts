import type { Db } from '../../db/database.js';

// The users table's only door: every other module reaches users through modules/users/index.ts.

/** What any signed-in screen may show of a user; never the password hash. */
const PUBLIC_USER_COLUMNS = ['id', 'username', 'email', 'fullName', 'phoneNumber'] as const;
const LISTED_USER_COLUMNS = [...PUBLIC_USER_COLUMNS, 'createdAt'] as const;

/**
 * The one 'find user by e-mail'. E-mails are unique whatever their case (unique index on
 * lower(email)), so the match ignores case and the stray spaces of a typed address.
 */
export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'fullName', 'passwordHash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
}

/**
 * Many e-mails at once (the delivery sweep's batch): the accounts whose e-mail, lowered, is one
 * of `lowered`, by the same lower(email) index as findUserByEmail.
 */
export function findUsersByLowerEmails(db: Db, lowered: string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', lowered))
    .execute();
}

/** A user's public face by id (e.g. whom to mail about their capsule). */
export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').select(PUBLIC_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Several users' public faces in one query (e.g. the senders of a page of received capsules). */
export function findUsersByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(PUBLIC_USER_COLUMNS)
    .where('id', 'in', [...ids])
    .execute();
}

/** A new account collides with one that has its e-mail (any case) or its username. */
export function findUserByEmailOrUsername(db: Db, email: string, username: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', email), eb('username', '=', username)]))
    .executeTakeFirst();
}

export function insertUser(
  db: Db,
  user: {
    email: string;
    username: string;
    passwordHash: string;
    fullName: string;
    phoneNumber: string | null;
  },
) {
  return db.insertInto('users').values(user).returning(LISTED_USER_COLUMNS).executeTakeFirstOrThrow();
}

/** Accounts whose e-mail contains `text` (any case), by e-mail; one page and the number matching. */
export async function searchUsersByEmail(db: Db, text: string, page: { offset: number; limit: number }) {
  const like = `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const base = db.selectFrom('users').where((eb) => eb(eb.fn('lower', ['email']), 'like', like));
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'username', 'email', 'fullName', 'phoneNumber', 'createdAt'])
      .orderBy('email')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function listUsers(db: Db) {
  return db.selectFrom('users').select(LISTED_USER_COLUMNS).orderBy('createdAt').execute();
}

export function updateUserProfile(
  db: Db,
  id: string,
  values: { fullName: string; phoneNumber?: string | undefined },
  at: Date,
) {
  return (
    db
      .updateTable('users')
      // An absent phone is kept as it is; only what was sent changes.
      .set({
        fullName: values.fullName,
        ...(values.phoneNumber === undefined ? {} : { phoneNumber: values.phoneNumber }),
        updatedAt: at,
      })
      .where('id', '=', id)
      .returning(PUBLIC_USER_COLUMNS)
      .executeTakeFirstOrThrow()
  );
}
