import type { CapsuleSort, CapsuleStatus } from '@capsule/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CapsuleUpdate, NewCapsule } from '../../db/schema.js';

// Every query is scoped to the owner: another user's capsule is simply not found.

export const CAPSULE_COLUMNS = [
  'capsules.id',
  'capsules.title',
  'capsules.status',
  'capsules.statusBeforeDelete',
  'capsules.kind',
  'capsules.category',
  'capsules.deliveryCriteria',
  'capsules.capsuleLength',
  'capsules.contactId',
  'capsules.recipientUserId',
  'capsules.recipientName',
  'capsules.recipientEmail',
  'capsules.recipientBirthday',
  'capsules.message',
  'capsules.deliveryDate',
  'capsules.uploadDate',
  'capsules.lockedAt',
  'capsules.previewViewedAt',
  'capsules.retryCount',
  'capsules.videoUrl',
  'capsules.videoThumbnailUrl',
  'capsules.deliveredAt',
  'capsules.createdAt',
] as const;

export interface CapsuleListFilter {
  status: CapsuleStatus | null;
  types: string[];
  sort: CapsuleSort;
  page: number;
  pageSize: number;
}

function ownedBy(db: Db, ownerId: string, filter: Pick<CapsuleListFilter, 'status' | 'types'>) {
  let query = db.selectFrom('capsules').where('capsules.ownerId', '=', ownerId);
  if (filter.status) query = query.where('capsules.status', '=', filter.status);
  if (filter.types.length > 0) query = query.where('capsules.category', 'in', filter.types);
  return query;
}

/** One page, filtered and ordered by the database, plus the total for the pagination. */
export async function listCapsules(db: Db, ownerId: string, filter: CapsuleListFilter) {
  let query = ownedBy(db, ownerId, filter).select(CAPSULE_COLUMNS);
  // Capsules of one purchase share their creation time: seq keeps them in the order made.
  if (filter.sort === 'delivery') {
    query = query
      .orderBy(sql`delivery_date asc nulls last`)
      .orderBy('capsules.createdAt')
      .orderBy('capsules.seq');
  } else {
    const direction = filter.sort === 'oldest' ? 'asc' : 'desc';
    query = query.orderBy('capsules.createdAt', direction).orderBy('capsules.seq', direction);
  }
  const [rows, total] = await Promise.all([
    query
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    ownedBy(db, ownerId, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findCapsule(db: Db, ownerId: string, id: string) {
  return db
    .selectFrom('capsules')
    .select(CAPSULE_COLUMNS)
    .where('capsules.ownerId', '=', ownerId)
    .where('capsules.id', '=', id)
    .executeTakeFirst();
}

/** The row locked for the rest of the transaction: a racing request waits, then sees the result. */
export function lockCapsule(db: Db, ownerId: string, id: string) {
  return db
    .selectFrom('capsules')
    .select(CAPSULE_COLUMNS)
    .where('capsules.ownerId', '=', ownerId)
    .where('capsules.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function countCapsules(db: Db, ownerId: string) {
  const row = await db
    .selectFrom('capsules')
    .where('ownerId', '=', ownerId)
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'Pending_Recipient').as('needRecipient'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'Pending_Upload').as('needUpload'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'Sent').as('sent'),
    ])
    .executeTakeFirstOrThrow();
  const received = await db
    .selectFrom('receivedCapsules')
    .where('userId', '=', ownerId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    needRecipient: Number(row.needRecipient),
    needUpload: Number(row.needUpload),
    sent: Number(row.sent),
    received: Number(received.n),
  };
}

/**
 * Writes what an action changes; which columns, and whether the action is allowed at all, is
 * the service's to decide (capsule-actions.service.ts) under the row lock of lockCapsule.
 */
export async function updateCapsule(db: Db, id: string, patch: CapsuleUpdate): Promise<void> {
  await db.updateTable('capsules').set(patch).where('id', '=', id).execute();
}

/** How many capsules the owner has, whatever their status (numbers new capsules' titles). */
export async function countOwnedCapsules(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('capsules')
    .where('ownerId', '=', ownerId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserted in the order given; seq keeps that order for rows sharing one creation time. */
export async function insertCapsules(db: Db, rows: NewCapsule[]): Promise<string[]> {
  const inserted = await db.insertInto('capsules').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

export type CapsuleRow = NonNullable<Awaited<ReturnType<typeof findCapsule>>>;
