import { centsToDecimal, formatRate } from '@capsule/domain';
import type { Db } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import {
  listAffiliates,
  type PayoutInput,
  recordAffiliatePayout,
  setAffiliateStatus,
} from '../modules/affiliates/index.js';
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
  'affiliate:list': {
    usage: 'lists the affiliates: code, status, rate and what each is owed (CAD)',
    options: {},
    required: [],
    async run(db, _v, print) {
      const affiliates = await listAffiliates(db);
      if (affiliates.length === 0) return print('No affiliates yet.');
      for (const a of affiliates) {
        const b = a.balance;
        print(
          `${a.code.padEnd(12)} ${a.status.padEnd(8)} ${formatRate(a.commissionRate).padStart(6)}  ${a.email.padEnd(32)} ${String(b.referrals).padStart(4)} referrals  pending ${centsToDecimal(b.pendingCents)}  earned ${centsToDecimal(b.earnedCents)}  paid ${centsToDecimal(b.paidOutCents)}  owed ${centsToDecimal(b.owedCents)}`,
        );
      }
    },
  },
  'affiliate:approve': {
    usage: '--code C   approves an application (the code then earns commissions)',
    options: { code: { type: 'string' } },
    required: ['code'],
    async run(db, v, print) {
      const result = await setAffiliateStatus({ db, clock: systemClock }, v.code ?? '', 'approved');
      print(`Affiliate ${result.code}: ${result.previous} -> ${result.status}`);
    },
  },
  'affiliate:block': {
    usage: '--code C   blocks an affiliate (its code earns nothing; no payouts)',
    options: { code: { type: 'string' } },
    required: ['code'],
    async run(db, v, print) {
      const result = await setAffiliateStatus({ db, clock: systemClock }, v.code ?? '', 'blocked');
      print(`Affiliate ${result.code}: ${result.previous} -> ${result.status}`);
    },
  },
  'affiliate:payout': {
    usage: '--code C --amount 12.50 --method bank_transfer|paypal|stripe|crypto [--transaction T]',
    options: {
      code: { type: 'string' },
      amount: { type: 'string' },
      method: { type: 'string' },
      transaction: { type: 'string' },
    },
    required: ['code', 'amount', 'method'],
    async run(db, v, print) {
      const payout = await recordAffiliatePayout(
        { db, clock: systemClock },
        {
          code: v.code ?? '',
          amount: v.amount ?? '',
          method: v.method as never,
          transactionId: v.transaction,
        },
      );
      print(
        `Paid ${payout.code} CAD ${centsToDecimal(payout.amountCents)} by ${payout.method} (payout ${payout.payoutId}); ${payout.settledReferrals} commissions now paid; still owed CAD ${centsToDecimal(payout.owedAfterCents)}`,
      );
    },
  },
};
