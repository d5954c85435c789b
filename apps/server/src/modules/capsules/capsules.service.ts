import { CAPSULE_PAGE_SIZE, type CapsuleListQuery, type CapsuleSort } from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { type CapsuleRow, countCapsules, findCapsule, listCapsules } from './capsules.repository.js';

export const CAPSULE_NOT_FOUND = 'Capsule not found';

/** A sender's capsule as both wire surfaces start from it (the REST mapper renames fields). */
export interface Capsule {
  id: string;
  title: string;
  status: string;
  previousStatus: string | null;
  kind: string;
  category: string | null;
  deliveryCriteria: string;
  capsuleLength: string | null;
  contactId: string | null;
  recipientUserId: string | null;
  recipientName: string | null;
  recipientEmail: string | null;
  message: string | null;
  deliveryDate: string | null;
  uploadDate: string | null;
  locked: boolean;
  previewViewed: boolean;
  retryCount: number;
  videoUrl: string | null;
  videoThumbnailUrl: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCapsule(row: CapsuleRow): Capsule {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    previousStatus: row.statusBeforeDelete,
    kind: row.kind,
    category: row.category,
    deliveryCriteria: row.deliveryCriteria,
    capsuleLength: row.capsuleLength,
    contactId: row.contactId,
    recipientUserId: row.recipientUserId,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    message: row.message,
    deliveryDate: row.deliveryDate,
    uploadDate: iso(row.uploadDate),
    locked: row.lockedAt !== null,
    previewViewed: row.previewViewedAt !== null,
    retryCount: row.retryCount,
    videoUrl: row.videoUrl,
    videoThumbnailUrl: row.videoThumbnailUrl,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: iso(row.deliveredAt),
  };
}

export interface CapsulePage {
  capsules: Capsule[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export async function listMyCapsules(
  deps: AppDeps,
  ownerId: string,
  query: CapsuleListQuery & { sort?: CapsuleSort; pageSize?: number },
): Promise<CapsulePage> {
  const pageSize = query.pageSize ?? CAPSULE_PAGE_SIZE;
  const { rows, total } = await listCapsules(deps.db, ownerId, {
    status: query.status,
    types: query.types,
    sort: query.sort ?? 'newest',
    page: query.page,
    pageSize,
  });
  return {
    capsules: rows.map(toCapsule),
    total,
    page: query.page,
    pageSize,
    pageCount: Math.ceil(total / pageSize),
  };
}

export async function getMyCapsule(deps: AppDeps, ownerId: string, id: string): Promise<Capsule> {
  const row = isUuid(id) ? await findCapsule(deps.db, ownerId, id) : undefined;
  if (!row) throw notFound(CAPSULE_NOT_FOUND);
  return toCapsule(row);
}

export function myCapsuleCounts(deps: AppDeps, ownerId: string) {
  return countCapsules(deps.db, ownerId);
}
