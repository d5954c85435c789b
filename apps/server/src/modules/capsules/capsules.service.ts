import {
  CAPSULE_PAGE_SIZE,
  type CapsuleKind,
  type CapsuleListQuery,
  type CapsuleSort,
  type DeliveryCriteria,
} from '@capsule/domain';
import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { readTrail, type TrailLine } from '../audit/index.js';
import { userContainerName } from '../storage/index.js';
import type { Capsule, CapsuleCounts, CapsulePage } from './capsule.output.js';
import { CAPSULE_NOT_FOUND } from './capsule-rules.js';
import {
  type CapsuleViewRow,
  countCapsules,
  countOwnedCapsules,
  findCapsule,
  insertCapsules,
  listCapsules,
} from './capsules.repository.js';
import { findVideoFacts } from './video/video-uploads.repository.js';

export type { Capsule, CapsuleCounts } from './capsule.output.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Thumbnail URLs are read SAS URLs signed for 10-minute windows: the list, refetched every
 * minute, hands out the same URL within a window, so the browser keeps the image cached.
 */
const THUMBNAIL_SAS = { minutes: 10, alignMinutes: 10, contentType: 'image/jpeg' } as const;

/** The capsule as the API answers it, with short-lived URLs for what the browser may load. */
export async function capsuleView(deps: Pick<AppDeps, 'storage'>, row: CapsuleViewRow): Promise<Capsule> {
  const thumbnail = row.videoThumbnailBlobName
    ? await deps.storage.readSas(
        { container: userContainerName(row.ownerId), blob: row.videoThumbnailBlobName },
        THUMBNAIL_SAS,
      )
    : null;
  return toCapsule(row, thumbnail?.url ?? null);
}

/** The delivery's tracking, from the columns findCapsule and listCapsules join in. */
function deliveryOf(row: CapsuleViewRow): Capsule['delivery'] {
  if (!row.deliveredAt) return null;
  return {
    deliveredAt: row.deliveredAt.toISOString(),
    emailedAt: iso(row.deliveryEmailedAt),
    emailStatus: row.deliveryEmailStatus,
    openedAt: iso(row.deliveryOpenedAt),
    playedAt: iso(row.deliveryPlayedAt),
    objectionEndsAt: row.deliveryDocumentStatus === 'Verified' ? iso(row.deliveryObjectionEndsAt) : null,
  };
}

function toCapsule(row: CapsuleViewRow, thumbnailUrl: string | null): Capsule {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    previousStatus: row.statusBeforeDelete,
    kind: row.kind,
    category: row.category,
    birthdayAge: row.birthdayAge,
    notBeforeDate: row.notBeforeDate,
    deliveryCriteria: row.deliveryCriteria,
    capsuleLength: row.capsuleLength,
    contactId: row.contactId,
    recipientUserId: row.recipientUserId,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    recipientBirthday: row.recipientBirthday,
    message: row.message,
    deliveryDate: row.deliveryDate,
    uploadDate: iso(row.uploadDate),
    locked: row.lockedAt !== null,
    previewViewed: row.previewViewedAt !== null,
    retryCount: row.retryCount,
    videoUrl: null,
    videoThumbnailUrl: thumbnailUrl,
    hasVideo: row.videoBlobName !== null,
    videoFingerprint: row.videoBlobName === null ? null : row.videoSha256,
    processingPercent: row.status === 'Reviewing' ? row.videoProcessingPercent : null,
    reviewReason: row.status === 'Needs_Review' ? row.reviewNote : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: iso(row.deliveredAt),
    delivery: deliveryOf(row),
  };
}

export async function listMyCapsules(
  deps: AppDeps,
  ownerId: string,
  query: CapsuleListQuery & { sort?: CapsuleSort; pageSize?: number },
): Promise<CapsulePage> {
  const pageSize = query.pageSize ?? CAPSULE_PAGE_SIZE;
  const { rows, total } = await listCapsules(deps.db, deps.statements, ownerId, {
    status: query.status,
    types: query.types,
    sort: query.sort ?? 'newest',
    page: query.page,
    pageSize,
  });
  return {
    capsules: await Promise.all(rows.map((row) => capsuleView(deps, row))),
    total,
    page: query.page,
    pageSize,
    pageCount: Math.ceil(total / pageSize),
  };
}

export async function getMyCapsule(deps: AppDeps, ownerId: string, id: string): Promise<Capsule> {
  const row = isUuid(id) ? await findCapsule(deps.db, ownerId, id) : undefined;
  if (!row) throw notFound(CAPSULE_NOT_FOUND);
  const facts =
    row.videoBlobName && row.videoUploadId ? await findVideoFacts(deps.db, row.videoUploadId) : undefined;
  return {
    ...(await capsuleView(deps, row)),
    videoFacts: facts ? { original: facts.masterFacts, playback: facts.renditionFacts } : null,
  };
}

/** The capsule's whole record, for its sender (404 for anyone else). */
export async function getMyCapsuleTrail(deps: AppDeps, ownerId: string, id: string): Promise<TrailLine[]> {
  const row = isUuid(id) ? await findCapsule(deps.db, ownerId, id) : undefined;
  if (!row) throw notFound(CAPSULE_NOT_FOUND);
  return readTrail(deps.db, row.id, 'sender');
}

export function myCapsuleCounts(deps: AppDeps, ownerId: string): Promise<CapsuleCounts> {
  return countCapsules(deps.db, ownerId);
}

/** The capsules a purchase brings: what the package sets for each, and how many. */
interface PurchasedCapsules {
  ownerId: string;
  subscriptionId: string;
  packageId: string;
  kind: CapsuleKind;
  deliveryCriteria: DeliveryCriteria;
  capsuleLength: string;
  count: number;
  createdAt: Date;
}

/**
 * Creates a purchase's capsules, each Pending_Recipient, titled '<Kind> Capsule #n' where n
 * continues the owner's numbering. Pass the purchase's transaction as `db`: the payment, the
 * subscription and these capsules are written all or nothing (commerce's recordPurchase).
 * Answers the new ids in creation order.
 */
export async function createPurchasedCapsules(db: Db, purchase: PurchasedCapsules): Promise<string[]> {
  const first = (await countOwnedCapsules(db, purchase.ownerId)) + 1;
  const kindLabel = purchase.kind === 'journey' ? 'Journey' : 'Legacy';
  return insertCapsules(
    db,
    Array.from({ length: purchase.count }, (_, i) => ({
      ownerId: purchase.ownerId,
      subscriptionId: purchase.subscriptionId,
      packageId: purchase.packageId,
      kind: purchase.kind,
      status: 'Pending_Recipient',
      title: `${kindLabel} Capsule #${first + i}`,
      deliveryCriteria: purchase.deliveryCriteria,
      capsuleLength: purchase.capsuleLength,
      createdAt: purchase.createdAt,
      updatedAt: purchase.createdAt,
    })),
  );
}
