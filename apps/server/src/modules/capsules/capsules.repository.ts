import type { CapsuleSort, CapsuleStatus } from '@capsule/domain';
import { sql } from 'kysely';
import type { CompiledStatements } from '../../db/compiled-statements.js';
import type { Db } from '../../db/database.js';
import type { CapsuleUpdate, DeliveryMailStatus, NewCapsule } from '../../db/schema.js';
import { failedBlobCapsulesQuery, intactBlobsQuery, KEPT_SUFFIX } from '../storage/index.js';

// Every query is scoped to the owner: another user's capsule is simply not found.

const CAPSULE_COLUMNS = [
  'capsules.id',
  'capsules.title',
  'capsules.status',
  'capsules.statusBeforeDelete',
  'capsules.kind',
  'capsules.category',
  'capsules.birthdayAge',
  'capsules.notBeforeDate',
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
  'capsules.ownerId',
  'capsules.videoBlobName',
  'capsules.videoSha256',
  'capsules.videoRenditionBlobName',
  'capsules.videoProcessingPercent',
  'capsules.videoThumbnailBlobName',
  'capsules.videoUploadId',
  'capsules.reviewNote',
  'capsules.deleteRequestedAt',
  'capsules.purgedAt',
] as const;

/**
 * What the sender sees of a delivery, read with the capsule itself by two left joins
 * on unique keys (one received row per capsule, and its delivery mail: the opening-day mail of
 * the same outbox is not what `emailStatus` reports): no extra statement.
 */
const DELIVERY_VIEW_COLUMNS = [
  'receivedCapsules.viewedAt as deliveryOpenedAt',
  'receivedCapsules.documentVerificationStatus as deliveryDocumentStatus',
  'receivedCapsules.objectionEndsAt as deliveryObjectionEndsAt',
  'receivedCapsules.playedAt as deliveryPlayedAt',
  'deliveryMails.status as deliveryEmailStatus',
  'deliveryMails.sentAt as deliveryEmailedAt',
] as const;

/** The statuses a delivery mail takes ('waiting' is an opening mail's only; migration 0017). */
type DeliveryEmailStatus = Exclude<DeliveryMailStatus, 'waiting'>;
type NarrowedDeliveryView = { deliveryEmailStatus: DeliveryEmailStatus | null };

/** The owner's capsules with their delivery's tracking columns (capsuleView's rows). */
function ownedWithDelivery(db: Db, ownerId: string) {
  return db
    .selectFrom('capsules')
    .leftJoin('receivedCapsules', 'receivedCapsules.capsuleId', 'capsules.id')
    .leftJoin('deliveryMails', (join) =>
      join.onRef('deliveryMails.capsuleId', '=', 'capsules.id').on('deliveryMails.kind', '=', 'delivery'),
    )
    .where('capsules.ownerId', '=', ownerId);
}

interface CapsuleListFilter {
  status: CapsuleStatus | null;
  types: string[];
  sort: CapsuleSort;
  page: number;
  pageSize: number;
}

function ownedBy(db: Db, ownerId: string, filter: Pick<CapsuleListFilter, 'status' | 'types'>) {
  let query = ownedWithDelivery(db, ownerId);
  if (filter.status) query = query.where('capsules.status', '=', filter.status);
  if (filter.types.length > 0) query = query.where('capsules.category', 'in', filter.types);
  return query;
}

/** How many of the owner's capsules match the filter, from the counters (migration 0008). */
function matchingTotal(db: Db, ownerId: string, filter: Pick<CapsuleListFilter, 'status' | 'types'>) {
  let query = db
    .selectFrom('capsuleCounters')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('n'), eb.val('0')).as('n'))
    .where('capsuleCounters.ownerId', '=', ownerId);
  if (filter.status) query = query.where('capsuleCounters.status', '=', filter.status);
  if (filter.types.length > 0) query = query.where('capsuleCounters.category', 'in', filter.types);
  return query;
}

/** Which rows of the filtered list a page is. */
const pageWindow = ({ page, pageSize }: Pick<CapsuleListFilter, 'page' | 'pageSize'>) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** The owner's page of capsules (rows `limit` from `offset`) with the total beside each row. */
function listPageQuery(
  db: Db,
  ownerId: string,
  filter: Pick<CapsuleListFilter, 'status' | 'types' | 'sort'>,
  { limit, offset }: { limit: number; offset: number },
) {
  let query = ownedBy(db, ownerId, filter)
    .select(CAPSULE_COLUMNS)
    .select(DELIVERY_VIEW_COLUMNS)
    .$narrowType<NarrowedDeliveryView>()
    .select(() => matchingTotal(db, ownerId, filter).as('matchingTotal'));
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
  return query.limit(limit).offset(offset);
}

// Between two pages of one filter only the owner, the limit and the offset change: the page
// statement (34 columns, two joins, the counters' subquery) is compiled once per filter
// (db/compiled-statements.ts).
const PAGE_MARKS = { owner: '\u0000owner', limit: -1_000_001, offset: -1_000_002 };

/** The statement listCapsules sends for this page. */
function listPageStatement(
  db: Db,
  statements: CompiledStatements,
  ownerId: string,
  filter: CapsuleListFilter,
) {
  return statements.statement(
    db,
    `capsules.listPage:${JSON.stringify([filter.status, filter.sort, filter.types])}`,
    PAGE_MARKS,
    (v) =>
      listPageQuery(db, v.owner as string, filter, {
        limit: v.limit as number,
        offset: v.offset as number,
      }).compile(),
    { owner: ownerId, ...pageWindow(filter) },
  );
}

/**
 * One page, filtered and ordered by the database, and the total for the pagination read from
 * the counters in the same statement: one round trip whatever the owner holds. A page past the
 * end has no row to carry the total, so then the counters are read on their own.
 */
export async function listCapsules(
  db: Db,
  statements: CompiledStatements,
  ownerId: string,
  filter: CapsuleListFilter,
) {
  const { rows: page } = await db.executeQuery(listPageStatement(db, statements, ownerId, filter));
  const total = page[0]
    ? Number(page[0].matchingTotal)
    : Number((await matchingTotal(db, ownerId, filter).executeTakeFirstOrThrow()).n);
  // Each row keeps its matchingTotal: copying its other 34 columns to drop it cost some 60 µs
  // a page, and it goes no further, as capsuleView answers only the fields it names.
  const rows: CapsuleViewRow[] = page;
  return { rows, total };
}

/** Capsules whose video was stored before kept copies and hashes existed (its name is not a kept one). */
export function listUnkeptVideos(db: Db, limit: number) {
  return db
    .selectFrom('capsules')
    .select(['id', 'ownerId', 'videoBlobName', 'videoUploadId'])
    .where('videoBlobName', 'is not', null)
    .where('videoBlobName', 'not like', `%${KEPT_SUFFIX}`)
    .limit(limit)
    .execute();
}

/**
 * The sweep's next capsules for a rendition (video/rendition-repair.service.ts): a stored video
 * whose master is intact (a damaged or not yet hashed one is not ours to copy, and would fill
 * every sweep) and that has no rendition, or one a fixity check failed. Those asked about
 * longest ago first, so capsules whose jobs keep failing take turns with the rest.
 */
export function listRenditionRepairs(db: Db, limit: number) {
  return db
    .selectFrom('capsules')
    .innerJoin('videoUploads', 'videoUploads.id', 'capsules.videoUploadId')
    .select(['capsules.id', 'capsules.ownerId', 'capsules.videoUploadId'])
    .where('capsules.videoBlobName', 'is not', null)
    .where('capsules.status', '!=', 'To_Delete')
    .where('videoUploads.renditionRefusedAt', 'is', null)
    .where(sql<boolean>`(capsules.id, capsules.video_blob_name) in (${intactBlobsQuery(db, 'video')})`)
    .where((eb) =>
      eb.or([
        eb('capsules.videoRenditionBlobName', 'is', null),
        eb('capsules.id', 'in', failedBlobCapsulesQuery(db, 'rendition')),
      ]),
    )
    .orderBy('videoUploads.renditionAskedAt', (ob) => ob.asc().nullsFirst())
    .orderBy('capsules.id')
    .limit(limit)
    .execute();
}

/** What the export says of each capsule the owner has (export/export.service.ts), oldest first. */
export function listOwnedForExport(db: Db, ownerId: string) {
  return db
    .selectFrom('capsules')
    .select([
      'id',
      'title',
      'status',
      'kind',
      'category',
      'deliveryCriteria',
      'recipientName',
      'recipientEmail',
      'deliveryDate',
      'message',
      'createdAt',
      'lockedAt',
      'deliveredAt',
    ])
    .where('ownerId', '=', ownerId)
    .orderBy('createdAt')
    .orderBy('seq')
    .execute();
}

/** The owner's capsule with its delivery's tracking (no lock: see lockCapsule). */
export function findCapsule(db: Db, ownerId: string, id: string) {
  return ownedWithDelivery(db, ownerId)
    .select(CAPSULE_COLUMNS)
    .select(DELIVERY_VIEW_COLUMNS)
    .$narrowType<NarrowedDeliveryView>()
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

/** Any owner's capsule, locked: for the jobs, which act on ids from their payload. */
export function lockCapsuleById(db: Db, id: string) {
  return db
    .selectFrom('capsules')
    .select(CAPSULE_COLUMNS)
    .where('capsules.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Any owner's capsule: for the jobs. */
export function findCapsuleById(db: Db, id: string) {
  return db.selectFrom('capsules').select(CAPSULE_COLUMNS).where('capsules.id', '=', id).executeTakeFirst();
}

/**
 * Uses up the one-time preview: true only for the one caller that found it unused, however
 * many ask at once (the condition and the write are one statement).
 */
export async function markPreviewed(db: Db, ownerId: string, id: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('capsules')
    .set({ previewViewedAt: at, updatedAt: at })
    .where('id', '=', id)
    .where('ownerId', '=', ownerId)
    .where('previewViewedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Stored, unlocked capsules uploaded before `uploadedBefore`, oldest first (the auto-lock sweep). */
export async function listAutoLockCandidates(db: Db, uploadedBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('capsules')
    .select('id')
    .where('lockedAt', 'is', null)
    .where('status', 'in', ['Sent', 'Processed'])
    .where('uploadDate', '<', uploadedBefore)
    // canAutoLock's needsDeliveryDate, in SQL: a milestone capsule without its date waits
    // unlocked. Left out here, not only refused per row, or two hundred of them at the head of
    // the list would hide every later candidate from the sweep.
    .where((eb) =>
      eb.not(eb.and([eb('deliveryCriteria', '=', 'Milestone_Date'), eb('deliveryDate', 'is', null)])),
    )
    .orderBy('uploadDate')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** To_Delete capsules marked at or before `markedBefore` and not purged yet (the purge sweep). */
export async function listPurgeCandidates(db: Db, markedBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('capsules')
    .select('id')
    .where('status', '=', 'To_Delete')
    .where('purgedAt', 'is', null)
    .where('deleteRequestedAt', '<=', markedBefore)
    .orderBy('deleteRequestedAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The dashboard's counts in one statement: the counters (migration 0008), a few rows per
 * owner however many capsules they hold, summed by status, and the capsules received.
 */
export async function countCapsules(db: Db, ownerId: string) {
  const row = await db
    .selectFrom('capsuleCounters')
    .where('capsuleCounters.ownerId', '=', ownerId)
    .select((eb) => {
      const sum = (...statuses: CapsuleStatus[]) => {
        const n = eb.fn.sum<string>('n');
        return eb.fn.coalesce(statuses.length > 0 ? n.filterWhere('status', 'in', statuses) : n, eb.val('0'));
      };
      return [
        sum().as('total'),
        sum('Pending_Recipient').as('needRecipient'),
        sum('Pending_Upload').as('needUpload'),
        sum('Sent').as('sent'),
        sum('Upload_In_Progress', 'Reviewing').as('inProgress'),
        sum('Needs_Review').as('needsReview'),
        sum('To_Delete').as('markedForDeletion'),
        eb
          .selectFrom('receivedCapsules')
          .where('receivedCapsules.userId', '=', ownerId)
          .select((r) => r.fn.countAll<string>().as('n'))
          .as('received'),
      ];
    })
    .executeTakeFirstOrThrow();
  const count = (value: string | null) => Number(value ?? 0);
  const total = count(row.total);
  const shown = count(row.needRecipient) + count(row.needUpload) + count(row.sent);
  const inProgress = count(row.inProgress);
  const needsReview = count(row.needsReview);
  const markedForDeletion = count(row.markedForDeletion);
  return {
    total,
    needRecipient: count(row.needRecipient),
    needUpload: count(row.needUpload),
    sent: count(row.sent),
    received: count(row.received),
    // What the three status tiles leave out of the total (the strip says so).
    outsideTiles: {
      inProgress,
      needsReview,
      markedForDeletion,
      other: total - shown - inProgress - needsReview - markedForDeletion,
    },
  };
}

/**
 * Writes what an action changes; which columns, and whether the action is allowed at all, is
 * the service's to decide (capsule-actions.service.ts) under the row lock of lockCapsule.
 */
export async function updateCapsule(db: Db, id: string, patch: CapsuleUpdate): Promise<void> {
  await db.updateTable('capsules').set(patch).where('id', '=', id).execute();
}

/** How far the video under review is prepared, while the capsule is still Reviewing. */
export async function setProcessingPercent(db: Db, id: string, percent: number): Promise<void> {
  await db
    .updateTable('capsules')
    .set({ videoProcessingPercent: percent })
    .where('id', '=', id)
    .where('status', '=', 'Reviewing')
    .execute();
}

/** How many capsules the owner has, whatever their status (numbers new capsules' titles). */
export async function countOwnedCapsules(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('capsuleCounters')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('n'), eb.val('0')).as('n'))
    .where('ownerId', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserted in the order given; seq keeps that order for rows sharing one creation time. */
export async function insertCapsules(db: Db, rows: NewCapsule[]): Promise<string[]> {
  const inserted = await db.insertInto('capsules').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

/** A capsule as the rules read it (the locking queries answer this). */
export type CapsuleRow = NonNullable<Awaited<ReturnType<typeof lockCapsule>>>;
/** A capsule with its delivery's tracking, as the sender is shown it. */
export type CapsuleViewRow = NonNullable<Awaited<ReturnType<typeof findCapsule>>>;
