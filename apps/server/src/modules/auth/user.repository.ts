import type { Db } from '../../db/database.js';

const PUBLIC_USER_COLUMNS = ['id', 'username', 'email', 'fullName', 'phoneNumber'] as const;

export function findUserForLogin(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'passwordHash', 'fullName', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').select(PUBLIC_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
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
