import type { z } from 'zod';
import type { OdooClient, OdooValues } from './odoo-client.js';
import {
  affiliatePayoutSyncData,
  purchaseSyncData,
  type SyncEntityType,
  subscriptionSyncData,
  userSyncData,
} from './sync-data.js';

// How each kind of record lands in Odoo (decision 015): which model, which field carries our
// reference, and which values are written. Every push searches by the reference before it
// creates, so a retry after a call whose answer was lost (the create happened, the reply did not
// arrive) finds the record instead of making a second one. Field names are Odoo 17's community
// edition; another edition or version changes this file only.

export const EXTERNAL_MODEL: Record<SyncEntityType, string> = {
  user: 'res.partner',
  purchase: 'sale.order',
  subscription: 'sale.order',
  affiliate_payout: 'account.payment',
};

/** The field that holds our reference in each model: searched before every create. */
const REFERENCE_FIELD: Record<string, string> = {
  'res.partner': 'ref',
  'sale.order': 'client_order_ref',
  'account.payment': 'ref',
  'product.product': 'default_code',
};

const REFERENCE_PREFIX: Record<SyncEntityType, string> = {
  user: 'capsule-user',
  purchase: 'capsule-purchase',
  subscription: 'capsule-subscription',
  affiliate_payout: 'capsule-payout',
};

const referenceOf = (entityType: SyncEntityType, entityId: string) =>
  `${REFERENCE_PREFIX[entityType]}:${entityId}`;

const money = (cents: number) => cents / 100;

/** The record's data as its schema wants it, or an error naming what is missing (sync:status shows it). */
function snapshot<S extends z.ZodType>(schema: S, record: PushableRecord): z.output<S> {
  const parsed = schema.safeParse(record.syncData);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(
    `The ${record.entityType} record is incomplete: ${issue?.path.join('.')}: ${issue?.message}`,
  );
}

/** A record that waits for another to reach Odoo first (a purchase for its customer). */
class WaitingForCustomer extends Error {
  override name = 'WaitingForCustomer';
}

interface PushContext {
  client: OdooClient;
  /** The partner id of a customer already in Odoo, from the customer's own sync record. */
  partnerOf(userId: string): Promise<number | null>;
}

interface PushableRecord {
  entityType: SyncEntityType;
  entityId: string;
  userId: string | null;
  externalId: string | null;
  syncData: unknown;
}

/** Writes the record to Odoo (search, then write or create) and answers its Odoo id. */
export async function pushToOdoo(ctx: PushContext, record: PushableRecord): Promise<number> {
  const model = EXTERNAL_MODEL[record.entityType];
  const values = await valuesFor(ctx, record);
  const reference = referenceOf(record.entityType, record.entityId);
  const known = record.externalId ? Number(record.externalId) : null;
  const id = known ?? (await findByReference(ctx.client, model, reference));
  if (id !== null) {
    await ctx.client.write(model, id, values.update);
    return id;
  }
  return ctx.client.create(model, { ...values.create, [referenceField(model)]: reference });
}

function referenceField(model: string): string {
  const field = REFERENCE_FIELD[model];
  if (!field) throw new Error(`No reference field for ${model}`);
  return field;
}

async function findByReference(client: OdooClient, model: string, reference: string) {
  const [id] = await client.search(model, [[referenceField(model), '=', reference]], { limit: 1 });
  return id ?? null;
}

async function customerPartner(ctx: PushContext, record: PushableRecord): Promise<number> {
  const partnerId = record.userId ? await ctx.partnerOf(record.userId) : null;
  if (partnerId === null) {
    throw new WaitingForCustomer(
      record.userId
        ? `The customer (user ${record.userId}) is not in Odoo yet`
        : 'The record names no customer',
    );
  }
  return partnerId;
}

/** What create sends, and what a later write sends (never the lines again: a write would add them twice). */
async function valuesFor(
  ctx: PushContext,
  record: PushableRecord,
): Promise<{ create: OdooValues; update: OdooValues }> {
  switch (record.entityType) {
    case 'user': {
      const d = snapshot(userSyncData, record);
      const fields = { name: d.fullName, email: d.email, phone: d.phoneNumber ?? false };
      return { create: { ...fields, customer_rank: 1 }, update: fields };
    }
    case 'purchase': {
      const d = snapshot(purchaseSyncData, record);
      const partnerId = await customerPartner(ctx, record);
      const productId = await packageProduct(ctx.client, d);
      const header = {
        partner_id: partnerId,
        origin: d.orderNumber ?? d.providerPaymentId ?? false,
        note: `Capsule portal purchase: ${d.quantity} x ${d.packageName}, ${money(d.amountCents).toFixed(2)} ${d.currency}, payment ${d.status}.`,
      };
      const line = {
        product_id: productId,
        name: d.packageName,
        product_uom_qty: d.quantity,
        price_unit: money(d.unitPriceCents),
      };
      return {
        create: { ...header, date_order: odooDateTime(d.purchasedAt), order_line: [[0, 0, line]] },
        update: header,
      };
    }
    case 'subscription': {
      const d = snapshot(subscriptionSyncData, record);
      const partnerId = await customerPartner(ctx, record);
      const header = {
        partner_id: partnerId,
        origin: d.purchaseId ? referenceOf('purchase', d.purchaseId) : false,
        note: `Capsule storage plan: ${d.quantity} x ${d.productName}, ${d.status}${
          d.annualStorageFeeCents === null
            ? ''
            : `, annual storage fee ${money(d.annualStorageFeeCents).toFixed(2)} ${d.currency}`
        }${d.nextInvoiceDate ? `, next invoice ${d.nextInvoiceDate}` : ''}.`,
      };
      return { create: header, update: header };
    }
    case 'affiliate_payout': {
      const d = snapshot(affiliatePayoutSyncData, record);
      const partnerId = await customerPartner(ctx, record);
      const fields = {
        partner_id: partnerId,
        amount: money(d.amountCents),
        date: d.paidAt.slice(0, 10),
      };
      return {
        create: { ...fields, payment_type: 'outbound', partner_type: 'supplier' },
        update: fields,
      };
    }
  }
}

/** The package's product: the catalogue's Odoo product id, else one found or made by our reference. */
async function packageProduct(
  client: OdooClient,
  d: { packageId: string; packageName: string; businessProductId: string | null; unitPriceCents: number },
): Promise<number> {
  if (d.businessProductId && /^\d+$/.test(d.businessProductId)) return Number(d.businessProductId);
  const reference = `capsule-package:${d.packageId}`;
  const found = await findByReference(client, 'product.product', reference);
  if (found !== null) return found;
  return client.create('product.product', {
    name: d.packageName,
    default_code: reference,
    type: 'service',
    list_price: money(d.unitPriceCents),
  });
}

/** Odoo's datetime fields take 'YYYY-MM-DD HH:MM:SS' in UTC. */
const odooDateTime = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ');
