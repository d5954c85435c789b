import { DOCUMENT_CRITERIA, type ReceivedSort } from '@capsule/domain';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';

// The recipient's side of capsules: received_capsules joined to the capsule it
// delivered. Every query a recipient makes is scoped to them: a capsule received by someone
// else, or a capsule they sent, is simply not found.

const RECEIVED_COLUMNS = [
  'receivedCapsules.id as receivedId',
  'receivedCapsules.userId',
  'receivedCapsules.viewedAt',
  'receivedCapsules.playedAt',
  'receivedCapsules.receivedAt',
  'receivedCapsules.documentVerificationStatus',
  'receivedCapsules.documentBlobName',
  'receivedCapsules.documentSubmittedAt',
  'receivedCapsules.documentUploadId',
  'receivedCapsules.documentRejectionReason',
  'receivedCapsules.documentReviewedAt',
  'receivedCapsules.objectionEndsAt',
  'receivedCapsules.objectionReason',
  'receivedCapsules.objectedAt',
  'capsules.id',
  'capsules.ownerId',
  'capsules.title',
  'capsules.status',
  'capsules.category',
  'capsules.deliveryCriteria',
  'capsules.capsuleLength',
  'capsules.recipientName',
  'capsules.recipientEmail',
  'capsules.message',
  'capsules.deliveryDate',
  'capsules.notBeforeDate',
  'capsules.uploadDate',
  'capsules.createdAt',
  'capsules.deliveredAt',
  'capsules.videoBlobName',
  'capsules.videoRenditionBlobName',
  'capsules.videoThumbnailBlobName',
  'capsules.videoUploadId',
] as const;

function receivedBy(db: Db, userId: string) {
  return db
    .selectFrom('receivedCapsules')
    .innerJoin('capsules', 'capsules.id', 'receivedCapsules.capsuleId')
    .where('receivedCapsules.userId', '=', userId);
}

type Eb = ExpressionBuilder<Database, 'receivedCapsules' | 'capsules'>;

/** Every capsule the user received, oldest first (the export: export/export.service.ts). */
export function listAllReceived(db: Db, userId: string) {
  return receivedBy(db, userId)
    .select(RECEIVED_COLUMNS)
    .orderBy('receivedCapsules.receivedAt')
    .orderBy('capsules.id')
    .execute();
}

const DOCUMENT_CRITERIA_LIST = [...DOCUMENT_CRITERIA];

/**
 * The release rule of @capsule/domain's releaseVerdict (received/release.ts) as SQL, for the
 * 'Releasable' sort: a stored video, and View_Any_Time, or a verified document past the
 * sender's objection window and its not-before day, or a
 * Milestone_Date whose day (UTC) has come. `today` is the clock's date in UTC: a date opens at
 * its first instant, UTC. The integration suite checks that the list's canView and this agree.
 */
function releasable(eb: Eb, today: string, now: Date) {
  return eb.and([
    eb('capsules.videoBlobName', 'is not', null),
    eb.or([
      eb('capsules.deliveryCriteria', '=', 'View_Any_Time'),
      eb.and([
        eb('capsules.deliveryCriteria', 'in', DOCUMENT_CRITERIA_LIST),
        eb('receivedCapsules.documentVerificationStatus', '=', 'Verified'),
        // ...once the sender's objection window, if any, has ended...
        eb.or([
          eb('receivedCapsules.objectionEndsAt', 'is', null),
          eb('receivedCapsules.objectionEndsAt', '<=', now),
        ]),
        // ...and its not-before day, if any, has come (the combined rule).
        eb.or([eb('capsules.notBeforeDate', 'is', null), eb('capsules.notBeforeDate', '<=', today)]),
      ]),
      eb.and([
        eb('capsules.deliveryCriteria', '=', 'Milestone_Date'),
        eb('capsules.deliveryDate', '<=', today),
      ]),
    ]),
  ]);
}

/** Document capsules whose document is not Verified (the 'Verification Needed' sort). */
function needsVerification(eb: Eb) {
  return eb.and([
    eb('capsules.deliveryCriteria', 'in', DOCUMENT_CRITERIA_LIST),
    eb.or([
      eb('receivedCapsules.documentVerificationStatus', 'is', null),
      eb('receivedCapsules.documentVerificationStatus', '<>', 'Verified'),
    ]),
  ]);
}

interface ReceivedListFilter {
  type: string | null;
  status: string | null;
  sort: ReceivedSort;
  page: number;
  limit: number;
  /** The clock's date in UTC ('YYYY-MM-DD'), for the release rule. */
  today: string;
  /** The clock's instant, for the objection window's end. */
  now: Date;
}

function filtered(db: Db, userId: string, filter: ReceivedListFilter) {
  let query = receivedBy(db, userId);
  if (filter.type) query = query.where('capsules.category', '=', filter.type);
  if (filter.status) query = query.where('capsules.status', '=', filter.status as never);
  switch (filter.sort) {
    case 'milestone':
      return query.where('capsules.deliveryCriteria', '=', 'Milestone_Date');
    case 'releasable':
      return query.where((eb) => releasable(eb, filter.today, filter.now));
    case 'verification':
      return query.where(needsVerification);
    default:
      return query;
  }
}

/**
 * One page of the recipient's received capsules, filtered, ordered and counted by the database
 * (the count rides on the page's rows as a window; a page past the end asks for it alone).
 * The index received_capsules (user_id, received_at) serves the recipient's rows in order;
 * each joins its capsule by primary key.
 */
export async function listReceived(db: Db, userId: string, filter: ReceivedListFilter) {
  let query = filtered(db, userId, filter)
    .select(RECEIVED_COLUMNS)
    .select((eb) => eb.fn.countAll<string>().over().as('matchingTotal'));
  if (filter.sort === 'milestone') {
    query = query.orderBy(sql`capsules.delivery_date asc nulls last`);
  }
  query = query.orderBy('receivedCapsules.receivedAt', 'desc').orderBy('receivedCapsules.id', 'desc');
  const page = await query
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .execute();
  const total = page[0]
    ? Number(page[0].matchingTotal)
    : Number(
        (
          await filtered(db, userId, filter)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
  return { rows: page.map(({ matchingTotal: _total, ...row }) => row), total };
}

/** The four stat cards, over every capsule the user received, in one statement. */
export async function countReceived(db: Db, userId: string) {
  const row = await receivedBy(db, userId)
    .select((eb) => {
      const count = (criteria: string[]) =>
        eb.fn.countAll<string>().filterWhere('capsules.deliveryCriteria', 'in', criteria as never[]);
      return [
        eb.fn.countAll<string>().as('total'),
        count(['View_Any_Time']).as('viewAnyTime'),
        count(['Milestone_Date']).as('milestoneDate'),
        count(DOCUMENT_CRITERIA_LIST).as('documentValidation'),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    viewAnyTime: Number(row.viewAnyTime),
    milestoneDate: Number(row.milestoneDate),
    documentValidation: Number(row.documentValidation),
  };
}

/** One received capsule of the user, by the capsule's id. */
export function findReceived(db: Db, userId: string, capsuleId: string) {
  return receivedBy(db, userId)
    .select(RECEIVED_COLUMNS)
    .where('capsules.id', '=', capsuleId)
    .executeTakeFirst();
}

/**
 * The same, with the received row locked for the rest of the transaction (the capsule row is
 * the sender's and stays unlocked): document uploads and verdicts on one capsule queue here.
 */
export function lockReceived(db: Db, userId: string, capsuleId: string) {
  return receivedBy(db, userId)
    .select(RECEIVED_COLUMNS)
    .where('capsules.id', '=', capsuleId)
    .forUpdate('receivedCapsules')
    .executeTakeFirst();
}

/**
 * For the operators (the admin CLI acts on any recipient's capsule): the capsule's received row,
 * whoever received it (one per capsule: migration 0012's unique index), locked.
 */
export function lockReceivedByCapsule(db: Db, capsuleId: string) {
  return db
    .selectFrom('receivedCapsules')
    .innerJoin('capsules', 'capsules.id', 'receivedCapsules.capsuleId')
    .select(RECEIVED_COLUMNS)
    .where('receivedCapsules.capsuleId', '=', capsuleId)
    .forUpdate('receivedCapsules')
    .executeTakeFirst();
}

/** Records the first opening; answers whether this call was the first (later ones change nothing). */
export async function markViewed(db: Db, receivedId: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('receivedCapsules')
    .set({ viewedAt: at })
    .where('id', '=', receivedId)
    .where('viewedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the first play; later plays change nothing. */
export async function markPlayed(db: Db, receivedId: string, at: Date): Promise<void> {
  await db
    .updateTable('receivedCapsules')
    .set({ playedAt: at })
    .where('id', '=', receivedId)
    .where('playedAt', 'is', null)
    .execute();
}

interface ReceivedDocumentPatch {
  documentVerificationStatus: 'Submitted' | 'Verified' | 'Rejected';
  documentBlobName?: string;
  documentSubmittedAt?: Date;
  documentUploadId?: string;
  documentRejectionReason: string | null;
  documentReviewedAt: Date | null;
  /** The sender's objection window (migration 0023); left as is when not given. */
  objectionEndsAt?: Date | null;
  objectionReason?: string | null;
  objectedAt?: Date | null;
}

/** Writes the document state a service decided (document.service.ts, document-review.service.ts). */
export async function updateReceivedDocument(
  db: Db,
  receivedId: string,
  patch: ReceivedDocumentPatch,
): Promise<void> {
  await db.updateTable('receivedCapsules').set(patch).where('id', '=', receivedId).execute();
}

/** Points the received capsule at its document's kept copy (kept-adoption.service.ts). */
export async function setReceivedDocumentBlob(db: Db, receivedId: string, blobName: string): Promise<void> {
  await db
    .updateTable('receivedCapsules')
    .set({ documentBlobName: blobName })
    .where('id', '=', receivedId)
    .execute();
}

export type ReceivedRow = NonNullable<Awaited<ReturnType<typeof findReceived>>>;
