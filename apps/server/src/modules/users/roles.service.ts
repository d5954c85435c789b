import type { Db } from '../../db/database.js';
import type { UserRole } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { recordOperatorAction } from '../audit/index.js';
import { deleteRole, insertRole, listRoleHolders } from './roles.repository.js';
import { findUserByEmail } from './users.repository.js';

// Who holds a role (docs/operations/operators.md). Granted and revoked only with the admin CLI:
// nobody gains the operator role from the web. Each change and its line in the operators'
// record commit together.

export const ROLES: readonly UserRole[] = ['operator'];

const noAccount = (email: string) => new AppError('NOT_FOUND', `No account has the e-mail ${email}.`);

async function accountOf(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw noAccount(email.trim());
  return user;
}

/** Grants the role; granting one already held changes nothing and says so. */
export async function grantRole(
  deps: { db: Db; clock: Clock },
  email: string,
  role: UserRole,
  by: string,
): Promise<{ email: string; role: UserRole; changed: boolean }> {
  return deps.db.transaction().execute(async (trx) => {
    const user = await accountOf(trx, email);
    const now = deps.clock.now();
    const changed = await insertRole(trx, { userId: user.id, role, grantedAt: now, grantedBy: by });
    if (changed)
      await recordOperatorAction(trx, {
        at: now,
        operator: by,
        action: 'role.grant',
        subject: user.email,
        details: { role, userId: user.id },
      });
    return { email: user.email, role, changed };
  });
}

/**
 * Revokes the role. Roles are read with the session on every request, so a revoked operator's
 * open console is refused at its very next call; the session goes on as a member's.
 */
export async function revokeRole(
  deps: { db: Db; clock: Clock },
  email: string,
  role: UserRole,
  by: string,
): Promise<{ email: string; role: UserRole; changed: boolean }> {
  return deps.db.transaction().execute(async (trx) => {
    const user = await accountOf(trx, email);
    const changed = await deleteRole(trx, user.id, role);
    if (changed)
      await recordOperatorAction(trx, {
        at: deps.clock.now(),
        operator: by,
        action: 'role.revoke',
        subject: user.email,
        details: { role, userId: user.id },
      });
    return { email: user.email, role, changed };
  });
}

export { listRoleHolders };
