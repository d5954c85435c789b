import { AFFILIATE_STATUSES, DELIVERY_CRITERIA, OPS_ACTION_KINDS } from '@capsule/domain';
import { z } from 'zod';
import { payoutOutputSchema } from '../affiliates/index.js';

// What the console's calls answer (every procedure declares it: zod strips anything else).

const iso = z.string();
const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const operatorOutput = z.object({ email: z.string(), fullName: z.string() });

export const documentQueueOutput = pageOf(
  z.object({
    documentId: z.string(),
    capsuleId: z.string(),
    title: z.string(),
    criteria: z.enum(DELIVERY_CRITERIA),
    category: z.string().nullable(),
    recipient: person,
    sender: person,
    fileName: z.string(),
    submittedAt: iso,
    link: z.string().nullable(),
    linkExpiresAt: iso.nullable(),
    problem: z.string().nullable(),
    objection: z.object({ reason: z.string(), at: iso }).nullable(),
  }),
);

export const decisionOutput = z.object({
  capsuleId: z.string(),
  status: z.enum(['Verified', 'Rejected']),
  opensAt: iso.nullable(),
});

export const deliveryOverviewOutput = z.object({
  failedMails: z.number().int(),
  retryingMails: z.number().int(),
  overdueCapsules: z.number().int(),
  overdue: z.array(
    z.object({ id: z.string(), title: z.string(), dueAt: iso, criteria: z.string(), status: z.string() }),
  ),
  awaitingAccount: z.number().int(),
});

export const deliveryMailsOutput = pageOf(
  z.object({
    id: z.string(),
    kind: z.string(),
    capsuleId: z.string(),
    capsuleTitle: z.string(),
    recipientEmail: z.string().nullable(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    nextTryAt: iso.nullable(),
    deliveredAt: iso,
  }),
);

export const retriedOutput = z.object({ retried: z.number().int() });

export const syncRecordsOutput = pageOf(
  z.object({
    id: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    externalModel: z.string().nullable(),
    attempts: z.number().int(),
    error: z.string().nullable(),
    nextTryAt: iso.nullable(),
    updatedAt: iso,
  }),
);

export const affiliatesOutput = pageOf(
  z.object({
    code: z.string(),
    status: z.enum(AFFILIATE_STATUSES),
    email: z.string(),
    fullName: z.string(),
    commissionRate: z.string(),
    appliedAt: iso,
    balance: z.object({
      referrals: z.number().int(),
      pendingCents: z.number().int(),
      earnedCents: z.number().int(),
      paidOutCents: z.number().int(),
      owedCents: z.number().int(),
    }),
  }),
);

export const affiliateStatusOutput = z.object({
  code: z.string(),
  status: z.enum(AFFILIATE_STATUSES),
  previous: z.enum(AFFILIATE_STATUSES),
});

export const payoutRecordedOutput = z.object({
  code: z.string(),
  payoutId: z.string(),
  amountCents: z.number().int(),
  owedAfterCents: z.number().int(),
});

export const payoutsOutput = pageOf(payoutOutputSchema);

export const lapsesOutput = pageOf(
  z.object({
    subscriptionId: z.string(),
    plan: z.string(),
    owner: z.object({ name: z.string(), email: z.string() }),
    reason: z.string().nullable(),
    lapsedAt: iso,
    graceEndsAt: iso,
    daysLeft: z.number().int(),
    capsules: z.array(z.object({ id: z.string(), title: z.string(), status: z.string() })),
  }),
);

export const usersOutput = pageOf(
  z.object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    createdAt: iso,
    capsules: z.object({ owned: z.record(z.string(), z.number().int()), received: z.number().int() }),
  }),
);

export const actionsOutput = pageOf(
  z.object({
    id: z.string(),
    at: iso,
    operator: z.string(),
    action: z.enum(OPS_ACTION_KINDS),
    subject: z.string(),
    reason: z.string().nullable(),
  }),
);
