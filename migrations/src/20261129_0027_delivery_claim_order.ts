import { type Kysely, sql } from 'kysely';

// The delivery sweep claims the due capsules in (delivery_check_at, id) order, a batch at a
// time (docs/server-rules.md, 'Delivery'). The index of migration 0012 held delivery_check_at
// alone: at a peak, when thousands of capsules fall due at the same instant (New Year's
// midnight), every claim sorted all of them by id to hand out 200 (48 ms at 100,000 due, growing
// with the peak). With id in the index the claim reads the first 200 in order and stops
// (0.3 ms at 100,000). Same rows (the undelivered with a time to look), so the old one goes.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index capsules_delivery_claim_idx on capsules (delivery_check_at, id)
    where delivered_at is null and delivery_check_at is not null`.execute(db);
  await sql`drop index capsules_delivery_check_idx`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index capsules_delivery_check_idx on capsules (delivery_check_at)
    where delivered_at is null and delivery_check_at is not null`.execute(db);
  await sql`drop index capsules_delivery_claim_idx`.execute(db);
}
