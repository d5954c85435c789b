import type { UserRole } from '../db/schema.js';
import { AppError } from '../errors.js';
import { systemClock } from '../lib/clock.js';
import { grantRole, listRoleHolders, ROLES, revokeRole } from '../modules/users/index.js';
import type { Command } from './commands.js';
import { cliOperator } from './operator-name.js';

// Roles are granted only here, never from the web (docs/operations/operators.md); commands.ts
// lists these with the others.

const roleOf = (value: string | undefined): UserRole => {
  const role = ROLES.find((r) => r === value?.trim());
  if (!role)
    throw new AppError('BAD_INPUT', `Unknown role "${value ?? ''}": the roles are ${ROLES.join(', ')}.`);
  return role;
};

export const roleCommands: Record<string, Command> = {
  'user:grant': {
    usage: '--email E --role operator [--operator NAME]  grants the role (recorded with who granted it)',
    options: { email: { type: 'string' }, role: { type: 'string' }, operator: { type: 'string' } },
    required: ['email', 'role'],
    async run(db, v, print) {
      const done = await grantRole(
        { db, clock: systemClock },
        v.email ?? '',
        roleOf(v.role),
        cliOperator(v).operator,
      );
      print(done.changed ? `${done.email} is now ${done.role}.` : `${done.email} already was ${done.role}.`);
    },
  },
  'user:revoke': {
    usage:
      '--email E --role operator [--operator NAME]  revokes the role; their next console call is refused',
    options: { email: { type: 'string' }, role: { type: 'string' }, operator: { type: 'string' } },
    required: ['email', 'role'],
    async run(db, v, print) {
      const done = await revokeRole(
        { db, clock: systemClock },
        v.email ?? '',
        roleOf(v.role),
        cliOperator(v).operator,
      );
      print(
        done.changed ? `${done.email} is no longer ${done.role}.` : `${done.email} was not ${done.role}.`,
      );
    },
  },
  'user:roles': {
    usage: '[--role operator]  lists who holds the role',
    options: { role: { type: 'string' } },
    required: [],
    async run(db, v, print) {
      const role = roleOf(v.role ?? 'operator');
      const holders = await listRoleHolders(db, role);
      if (holders.length === 0) return print(`Nobody is ${role}.`);
      for (const h of holders)
        print(`${h.email.padEnd(32)} ${h.fullName}  since ${h.grantedAt.toISOString()} (by ${h.grantedBy})`);
    },
  },
};
