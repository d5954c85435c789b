import { z } from 'zod';

// What subscriptions.current answers, checked on the way out (.output()): zod strips any field
// not listed, so the schema lists every field the dashboard and the Storage Plan page read.

const isoInstant = z.iso.datetime({ offset: true });

/** A storage plan that is not paid: since when, why, and when its undelivered capsules get marked. */
const lapseWarningOutputSchema = z.object({
  lapsed: z.literal(true),
  /** ISO instant the lapse began. */
  since: isoInstant,
  reason: z.enum(['payment_failed', 'cancelled']),
  /** ISO instant the grace ends (STORAGE_GRACE_DAYS after `since`). */
  deleteAfter: isoInstant,
  /** The grace has ended and the undelivered capsules were marked To_Delete (Recover within 30 days). */
  capsulesMarked: z.boolean(),
});

export const subscriptionSummaryOutputSchema = z.object({
  /**
   * What the user holds across every purchase (domain planSummary); its first word is the
   * capsule allowance, as the spec reads it.
   */
  productName: z.string().nullable(),
  allowance: z.number().nullable(),
  /** The earliest lapse among the user's plans, or null when every plan is in good standing. */
  lapse: lapseWarningOutputSchema.nullable(),
  subscriptions: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      quantity: z.number(),
      /**
       * The store's pricing list as stored (each entry's price, and whatever else the store
       * recorded beside it, such as annualStorageFee): passed on whole.
       */
      pricing: z.array(z.looseObject({ price: z.number() })),
      createdAt: isoInstant,
      /** 'YYYY-MM-DD': when the annual storage fee is due next; null when the plan has none. */
      nextInvoiceDate: z.string().nullable(),
      lapse: lapseWarningOutputSchema.nullable(),
    }),
  ),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummaryOutputSchema>;
