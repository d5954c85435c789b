import { centsToDecimal, formatRate } from '@capsule/domain';
import type { Db } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { listAffiliates, recordAffiliatePayout, setAffiliateStatus } from '../modules/affiliates/index.js';
import { deliverToNewAccount, listFailedDeliveryMails } from '../modules/capsules/index.js';
import {
  attachPendingPurchases,
  linkPackagePrice,
  listPackages,
  recordPurchase,
} from '../modules/commerce/index.js';
import { retryDeliveryMails, retrySync } from '../modules/ops/index.js';
import { syncOverview } from '../modules/sync/index.js';
import { createUser, listUsers } from '../modules/users/index.js';
import { auditCommands } from './audit-commands.js';
import { backupCommands } from './backup-commands.js';
import { fixityCommands } from './fixity-commands.js';
import { cliOperator } from './operator-name.js';
import { roleCommands } from './role-commands.js';
import type { CliServices } from './services.js';
import { postStripeEventFile } from './stripe-event.js';
import { verificationCommands } from './verification-commands.js';

type Print = (line: string) => void;

export interface Command {
  usage: string;
  options: Record<string, { type: 'string' }>;
  required: string[];
  /** `services`: storage and the job queue, opened only by the commands that use them. */
  run(db: Db, values: Record<string, string | undefined>, print: Print, services: CliServices): Promise<void>;
  /** A command that needs no database (it talks to a running portal): run instead of run(). */
  offline?: (values: Record<string, string | undefined>, print: Print) => Promise<void>;
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
    async run(db, v, print, services) {
      const user = await createUser(db, {
        email: v.email ?? '',
        password: v.password ?? '',
        fullName: v.name ?? '',
        phoneNumber: v.phone,
        username: v.username,
      });
      print(`Created user ${user.email} (${user.id})`);
      // Capsules already due for this e-mail are delivered now; their mails go with the app's next
      // mail sweep (within a minute).
      const delivered = await deliverToNewAccount({ db, clock: services.clock }, user.id);
      if (delivered > 0) print(`Delivered ${delivered} capsule(s) waiting for ${user.email}`);
      // Purchases paid in the store before the account existed are recorded for it now.
      const attached = await attachPendingPurchases({ db, clock: systemClock }, user.email);
      if (attached > 0) print(`Recorded ${attached} purchase(s) made before the account existed`);
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
          `${p.name.padEnd(34)} ${p.kind.padEnd(8)} ${String(p.capsuleCount).padStart(3)} x ${p.capsuleLength.padEnd(11)} ${p.deliveryCriteria.padEnd(21)} CAD ${p.price}${p.paymentPriceId ? `  ${p.paymentPriceId}` : ''}${state}`,
        );
      }
    },
  },
  'delivery:failed': {
    usage:
      "lists recipients' mails given up after their last try (kind: delivery, or opening on the capsule's day)",
    options: {},
    required: [],
    async run(db, _v, print) {
      const failed = await listFailedDeliveryMails({ db });
      if (failed.length === 0) return print('No failed delivery mails.');
      for (const m of failed) {
        print(
          `${m.id}  ${m.kind} mail  ${m.capsuleTitle} to ${m.recipientEmail ?? '?'}  delivered ${m.deliveredAt.toISOString()}, ${m.attempts} tries: ${m.lastError ?? ''}`,
        );
      }
    },
  },
  'delivery:retry': {
    usage:
      '[--id ID] [--operator NAME] sends failed recipient mails (delivery or opening) again, all or the one named, from the next mail sweep',
    options: { id: { type: 'string' }, operator: { type: 'string' } },
    required: [],
    async run(db, v, print, services) {
      const { retried } = await retryDeliveryMails({ db, clock: services.clock }, cliOperator(v), v.id);
      print(retried === 0 ? 'No failed delivery mail to retry.' : `Pending again: ${retried} mail(s)`);
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
  'package:set-price': {
    usage: '--package "NAME" --price-id price_...  links a package to the card provider\'s price',
    options: { package: { type: 'string' }, 'price-id': { type: 'string' } },
    required: ['package', 'price-id'],
    async run(db, v, print) {
      const linked = await linkPackagePrice(db, v.package ?? '', v['price-id'] ?? '');
      print(
        `${linked.name}: provider price ${linked.priceId}${linked.previous ? ` (was ${linked.previous})` : ''}`,
      );
    },
  },
  'stripe:event': {
    usage:
      '--file event.json [--url http://localhost:3000]  signs a provider event and posts it to the webhook',
    options: { file: { type: 'string' }, url: { type: 'string' } },
    required: ['file'],
    run: async () => undefined,
    offline: (v, print) => postStripeEventFile({ file: v.file ?? '', url: v.url }, print),
  },
  'sync:status': {
    usage: 'counts the business-system sync records by status and lists the failed ones',
    options: {},
    required: [],
    async run(db, _v, print) {
      const { counts, failed } = await syncOverview({ db });
      print(`pending ${counts.pending}  synced ${counts.synced}  failed ${counts.failed}`);
      for (const r of failed) {
        print(
          `${r.id}  ${r.entityType} ${r.entityId}  ${r.attempts} tries, last ${r.failedAt.toISOString()}: ${r.error ?? ''}`,
        );
      }
    },
  },
  'sync:retry': {
    usage:
      '[--id ID] [--operator NAME] puts failed sync records (all, or the one named) back to pending, due now',
    options: { id: { type: 'string' }, operator: { type: 'string' } },
    required: [],
    async run(db, v, print) {
      const { records } = await retrySync({ db, clock: systemClock }, cliOperator(v), v.id);
      if (records.length === 0) return print('No failed sync records.');
      for (const r of records) print(`Pending again: ${r.id}  ${r.entityType} ${r.entityId}`);
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
    usage: '--code C [--operator NAME]  approves an application (the code then earns commissions)',
    options: { code: { type: 'string' }, operator: { type: 'string' } },
    required: ['code'],
    async run(db, v, print) {
      const result = await setAffiliateStatus(
        { db, clock: systemClock },
        v.code ?? '',
        'approved',
        cliOperator(v),
      );
      print(`Affiliate ${result.code}: ${result.previous} -> ${result.status}`);
    },
  },
  'affiliate:block': {
    usage: '--code C [--operator NAME]  blocks an affiliate (its code earns nothing; no payouts)',
    options: { code: { type: 'string' }, operator: { type: 'string' } },
    required: ['code'],
    async run(db, v, print) {
      const result = await setAffiliateStatus(
        { db, clock: systemClock },
        v.code ?? '',
        'blocked',
        cliOperator(v),
      );
      print(`Affiliate ${result.code}: ${result.previous} -> ${result.status}`);
    },
  },
  'affiliate:payout': {
    usage:
      '--code C --amount 12.50 --method bank_transfer|paypal|stripe|crypto [--transaction T] [--operator NAME]',
    options: {
      operator: { type: 'string' },
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
        cliOperator(v),
      );
      print(
        `Paid ${payout.code} CAD ${centsToDecimal(payout.amountCents)} by ${payout.method} (payout ${payout.payoutId}); ${payout.settledReferrals} commissions now paid; still owed CAD ${centsToDecimal(payout.owedAfterCents)}`,
      );
    },
  },
  ...roleCommands,
  ...verificationCommands,
  ...auditCommands,
  ...fixityCommands,
  ...backupCommands,
};
