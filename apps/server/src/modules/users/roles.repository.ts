import type { Db } from '../../db/database.js';
import type { UserRole } from '../../db/schema.js';

// The user_roles table (migration 0024).

/** Inserts the role; false when the user already held it. */
export async function insertRole(
  db: Db,
  row: { userId: string; role: UserRole; grantedAt: Date; grantedBy: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('userRoles')
    .values(row)
    .onConflict((oc) => oc.columns(['userId', 'role']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Deletes the role; false when the user did not hold it. */
export async function deleteRole(db: Db, userId: string, role: UserRole): Promise<boolean> {
  const removed = await db
    .deleteFrom('userRoles')
    .where('userId', '=', userId)
    .where('role', '=', role)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** The accounts holding a role, by e-mail. */
export function listRoleHolders(db: Db, role: UserRole) {
  return db
    .selectFrom('userRoles')
    .innerJoin('users', 'users.id', 'userRoles.userId')
    .select(['users.email', 'users.fullName', 'userRoles.grantedAt', 'userRoles.grantedBy'])
    .where('userRoles.role', '=', role)
    .orderBy('users.email')
    .execute();
}
