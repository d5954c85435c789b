import { z } from 'zod';
import { AFFILIATE_PAYMENT_METHODS } from '../affiliates/affiliate-values.js';
import { DELIVERY_CRITERIA } from '../capsules/capsule-status.js';

// What the operators' console sends (docs/operations/operators.md): checked the same way in the
// browser, before a call, and on the server.

/** Rows per page of every console list. */
export const OPS_PAGE_SIZE = 25;

/** A rejection's reason, read by the recipient. */
export const MAX_DECISION_REASON = 500;

export const OPS_TEXTS = {
  reasonRequired: 'Give the reason for the rejection; the recipient reads it.',
  reasonTooLong: `The reason is too long (at most ${MAX_DECISION_REASON} characters).`,
  searchTooShort: 'Type at least 3 characters of the e-mail.',
} as const;

const page = z.number().int().min(1).max(100_000).default(1);

export const opsPageInput = z.object({ page }).default({ page: 1 });

export const opsDocumentsInput = z
  .object({ page, criteria: z.enum(DELIVERY_CRITERIA).optional() })
  .default({ page: 1 });

export const opsDocumentDecisionInput = z
  .object({
    capsuleId: z.uuid(),
    documentId: z.uuid(),
    verdict: z.enum(['Verified', 'Rejected']),
    reason: z.string().trim().max(MAX_DECISION_REASON, OPS_TEXTS.reasonTooLong).optional(),
  })
  .refine((v) => v.verdict !== 'Rejected' || (v.reason ?? '').length > 0, {
    message: OPS_TEXTS.reasonRequired,
    path: ['reason'],
  });

export const opsTrailInput = z.object({ capsuleId: z.uuid() });

export const opsMailsInput = z.object({ page, state: z.enum(['failed', 'retrying']) });

/** One failed item by id, or every failed one (no id). */
export const opsRetryInput = z.object({ id: z.uuid().optional() }).default({});

export const opsSyncInput = z.object({
  page,
  status: z.enum(['pending', 'failed']),
  entityType: z.string().trim().min(1).max(50).optional(),
});

export const opsAffiliatesInput = z
  .object({ page, status: z.enum(['pending', 'approved', 'blocked']).optional() })
  .default({ page: 1 });

export const opsAffiliateStatusInput = z.object({
  code: z.string().trim().min(1).max(40),
  status: z.enum(['approved', 'blocked']),
});

export const opsPayoutInput = z.object({
  code: z.string().trim().min(1).max(40),
  amount: z.string().trim().min(1, 'An amount is required').max(20),
  method: z.enum(AFFILIATE_PAYMENT_METHODS, {
    error: `The method must be one of ${AFFILIATE_PAYMENT_METHODS.join(', ')}`,
  }),
  transactionId: z.string().trim().min(1).max(200).optional(),
  notes: z.string().trim().max(1000).optional(),
});

export const opsPayoutsInput = z.object({ page, code: z.string().trim().min(1).max(40) });

export const opsUsersInput = z.object({
  page,
  email: z.string().trim().min(3, OPS_TEXTS.searchTooShort).max(254),
});

export const OPS_ACTION_KINDS = [
  'role.grant',
  'role.revoke',
  'document.verify',
  'document.reject',
  'delivery.retry',
  'sync.retry',
  'affiliate.approve',
  'affiliate.block',
  'affiliate.payout',
] as const;
export type OpsActionKind = (typeof OPS_ACTION_KINDS)[number];

export const opsActionsInput = z
  .object({ page, action: z.enum(OPS_ACTION_KINDS).optional(), text: z.string().trim().max(200).optional() })
  .default({ page: 1 });
