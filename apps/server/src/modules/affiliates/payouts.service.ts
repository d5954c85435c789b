import {
  AFFILIATE_CURRENCY,
  AFFILIATE_PAYMENT_METHODS,
  type AffiliatePaymentMethod,
  formatCents,
  normalizeReferralCode,
  parseAmountToCents,
} from '@capsule/domain';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError, badInput, notFound } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { type OperatorRef, recordOperatorAction } from '../audit/index.js';
import { recordChange } from '../sync/index.js';
import { lockAffiliateByCode, markAffiliatePaid } from './affiliates.repository.js';
import { affiliateBalance, settleCommissions } from './balance.js';
import { insertPayout, transactionRecorded } from './payouts.repository.js';

// affiliate:payout: an operator records money sent to an affiliate.

const payoutInputSchema = z.object({
  code: z.string().trim().min(1, 'A referral code is required'),
  /** In the currency's units as typed ('12.50'), parsed exactly into cents. */
  amount: z.string().trim().min(1, 'An amount is required'),
  method: z.enum(AFFILIATE_PAYMENT_METHODS, {
    error: `The method must be one of ${AFFILIATE_PAYMENT_METHODS.join(', ')}`,
  }),
  transactionId: z.string().trim().min(1).max(200).optional(),
  notes: z.string().trim().max(1000).optional(),
});
type PayoutInput = z.input<typeof payoutInputSchema>;

interface RecordedPayout {
  payoutId: string;
  code: string;
  amountCents: number;
  method: AffiliatePaymentMethod;
  /** Commissions this payout (with earlier ones) fully covered, now paid. */
  settledReferrals: number;
  owedBeforeCents: number;
  owedAfterCents: number;
}

/**
 * Records a payout in one transaction under the affiliate's row lock: the owed balance is read
 * under the lock, so two payouts at once run one after the other and the second sees the first
 * (neither can pay what the other already paid). More than is owed is refused with the amounts;
 * the payout is recorded as paid (the operator reports money already sent, with the provider's
 * transaction id when there is one, refused if already recorded), and approved commissions are
 * marked paid, oldest first. Further writes that must commit with the payout (the business
 * system's outbox record) belong inside this same transaction.
 */
export async function recordAffiliatePayout(
  deps: { db: Db; clock: Clock },
  raw: PayoutInput,
  /** Who records it, for the operators' record (written in the payout's transaction). */
  by?: OperatorRef,
): Promise<RecordedPayout> {
  const input = payoutInputSchema.parse(raw);
  const code = normalizeReferralCode(input.code);
  if (!code) throw notFound(`No affiliate with the code ${input.code}`);
  const amountCents = parseAmountToCents(input.amount);
  if (amountCents === null) {
    throw badInput(
      `The amount must be more than 0 with at most two decimals, e.g. 12.50 (got "${input.amount}")`,
    );
  }
  const now = deps.clock.now();

  try {
    return await payoutTransaction(deps.db, { ...input, code, amountCents, now }, by);
  } catch (error) {
    // The same transaction id sent for two affiliates at once: the unique index decides.
    if ((error as { code?: string } | null)?.code === '23505') {
      throw new AppError('CONFLICT', `Transaction ${input.transactionId} was already recorded as a payout`);
    }
    throw error;
  }
}

function payoutTransaction(
  db: Db,
  input: z.output<typeof payoutInputSchema> & { code: string; amountCents: number; now: Date },
  by: OperatorRef | undefined,
): Promise<RecordedPayout> {
  const { code, amountCents, now } = input;
  return db.transaction().execute(async (trx) => {
    const affiliate = await lockAffiliateByCode(trx, code);
    if (!affiliate) throw notFound(`No affiliate with the code ${code}`);
    if (affiliate.status !== 'approved') {
      throw new AppError(
        'CONFLICT',
        `Affiliate ${code} is ${affiliate.status}: only an approved affiliate is paid`,
      );
    }
    if (input.transactionId && (await transactionRecorded(trx, input.transactionId))) {
      throw new AppError('CONFLICT', `Transaction ${input.transactionId} was already recorded as a payout`);
    }
    const before = await affiliateBalance(trx, affiliate.id);
    if (amountCents > before.owedCents) {
      const owed =
        before.owedCents < 0
          ? `nothing is owed (${formatCents(-before.owedCents, AFFILIATE_CURRENCY)} is owed back)`
          : `only ${formatCents(before.owedCents, AFFILIATE_CURRENCY)} is owed`;
      throw new AppError(
        'CONFLICT',
        `Refused: ${formatCents(amountCents, AFFILIATE_CURRENCY)} is more than ${code} is owed; ${owed}`,
      );
    }
    const payout = await insertPayout(trx, {
      affiliateId: affiliate.id,
      amountCents,
      currency: AFFILIATE_CURRENCY,
      paymentMethod: input.method,
      transactionId: input.transactionId ?? null,
      status: 'paid',
      notes: input.notes ?? null,
      createdAt: now,
    });
    await markAffiliatePaid(trx, affiliate.id, now);
    if (by)
      await recordOperatorAction(trx, {
        ...by,
        at: now,
        action: 'affiliate.payout',
        subject: code,
        reason: input.notes ?? null,
        details: { payoutId: payout.id, amountCents, method: input.method },
      });
    // The business system hears of the payout with it (modules/sync, the outbox).
    await recordChange(trx, {
      entityType: 'affiliate_payout',
      entityId: payout.id,
      userId: affiliate.userId,
      at: now,
      data: {
        amountCents,
        currency: AFFILIATE_CURRENCY,
        method: input.method,
        transactionId: input.transactionId ?? null,
        status: 'paid',
        paidAt: now.toISOString(),
      },
    });
    const settledReferrals = await settleCommissions(trx, affiliate.id, {
      at: now,
      affiliatePaymentId: payout.id,
    });
    return {
      payoutId: payout.id,
      code,
      amountCents,
      method: input.method,
      settledReferrals,
      owedBeforeCents: before.owedCents,
      owedAfterCents: before.owedCents - amountCents,
    };
  });
}
