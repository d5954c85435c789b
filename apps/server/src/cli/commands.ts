import type { Db } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { listPackages, recordPurchase } from '../modules/commerce/index.js';
import { createUser, listUsers } from '../modules/users/index.js';

type Print = (line: string) => void;

export interface Command {
  usage: string;
  options: Record<string, { type: 'string' }>;
  required: string[];
  run(db: Db, values: Record<string, string | undefined>, print: Print): Promise<void>;
}

/** Every admin command: its options, what it needs, and the service it calls. */
export const commands: Record<string, Command> = {
  'user:create': {
    usage: '--email E --password P --name "Full Name" [--phone N] [--username U]',
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      username: { type: 'string' },
    },
    required: ['email', 'password', 'name'],
    async run(db, v, print) {
      const user = await createUser(db, {
        email: v.email ?? '',
        password: v.password ?? '',
        fullName: v.name ?? '',
        phoneNumber: v.phone,
        username: v.username,
      });
      print(`Created user ${user.email} (${user.id})`);
    },
  },
  'user:list': {
    usage: 'lists every user',
    options: {},
    required: [],
    async run(db, _v, print) {
      const users = await listUsers(db);
      if (users.length === 0) return print('No users yet.');
      for (const u of users) {
        print(`${u.id}  ${u.email.padEnd(32)} ${u.fullName}${u.phoneNumber ? `  ${u.phoneNumber}` : ''}`);
      }
    },
  },
  'package:list': {
    usage: 'lists the capsule packages the store sells',
    options: {},
    required: [],
    async run(db, _v, print) {
      const packages = await listPackages(db);
      if (packages.length === 0) return print('No packages yet.');
      for (const p of packages) {
        const state = p.isActive ? '' : '  (inactive)';
        print(
          `${p.name.padEnd(34)} ${p.kind.padEnd(8)} ${String(p.capsuleCount).padStart(3)} x ${p.capsuleLength.padEnd(11)} ${p.deliveryCriteria.padEnd(21)} CAD ${p.price}${state}`,
        );
      }
    },
  },
  'purchase:record': {
    usage: '--email E --package "NAME" [--quantity Q]',
    options: { email: { type: 'string' }, package: { type: 'string' }, quantity: { type: 'string' } },
    required: ['email', 'package'],
    async run(db, v, print) {
      const result = await recordPurchase(
        { db, clock: systemClock },
        { email: v.email ?? '', packageName: v.package ?? '', quantity: v.quantity ?? '1' },
      );
      print(
        `Recorded ${result.packageName} for ${v.email}: ${result.capsuleIds.length} capsules, CAD ${result.amount} (payment ${result.paymentId})`,
      );
    },
  },
};
