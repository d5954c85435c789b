import {
  canSubmitDocuments,
  milestoneOpensAt,
  parseCapsuleLength,
  type ReceivedFacts,
  type ReceivedListQuery,
  releaseVerdict,
} from '@capsule/domain';
import type { AppDeps } from '../../../deps.js';
import { AppError, notFound } from '../../../errors.js';
import { isUuid } from '../../../lib/ids.js';
import { readTrail, recordTrail, type TrailLine } from '../../audit/index.js';
import { userContainerName } from '../../storage/index.js';
import { findPublicUsers, type PublicUser } from '../../users/index.js';
import { servablePlayback } from '../video/capsule-blobs.service.js';
import type { ReceivedCapsule, ReceivedPage } from './received.output.js';
import {
  countReceived,
  findReceived,
  listReceived,
  markPlayed,
  markViewed,
  type ReceivedRow,
} from './received.repository.js';
import {
  RECEIVED_NOT_FOUND,
  RECEIVED_THUMBNAIL_SAS,
  SECURE_URL_DEFAULT_MINUTES,
  SECURE_URL_MARGIN_MINUTES,
} from './received-rules.js';

// Received Capsules (docs/server-rules.md, 'Received capsules'): the list, the details,
// and the playback URL, each only for the capsule's recipient. A capsule the caller sent, or
// one someone else received, is a 404 like a missing one (docs/server-rules.md, 'Authorisation').

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the domain's release and submit rules read of a received capsule. */
export const receivedFacts = (row: ReceivedRow): ReceivedFacts => ({
  criteria: row.deliveryCriteria,
  deliveryDate: row.deliveryDate,
  documentStatus: row.documentVerificationStatus,
  hasVideo: row.videoBlobName !== null,
  // A verified document's capsule opens when the sender's objection window ends.
  opensAt: row.documentVerificationStatus === 'Verified' ? iso(row.objectionEndsAt) : null,
  notBefore: row.notBeforeDate,
});

/** The received capsule as the API answers it, the rules read at `now`. */
async function receivedView(
  deps: Pick<AppDeps, 'storage'>,
  row: ReceivedRow,
  sender: PublicUser | undefined,
  now: Date,
): Promise<ReceivedCapsule> {
  const facts = receivedFacts(row);
  const release = releaseVerdict(facts, now);
  // A sealed capsule reveals nothing of its video, not even a frame: until it opens the card
  // shows its category's picture (docs/server-rules.md, 'Received capsules').
  const thumbnail =
    release.ok && row.videoThumbnailBlobName
      ? await deps.storage.readSas(
          { container: userContainerName(row.ownerId), blob: row.videoThumbnailBlobName },
          RECEIVED_THUMBNAIL_SAS,
        )
      : null;
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    category: row.category,
    criteria: row.deliveryCriteria,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    message: row.message,
    deliveryDate: row.deliveryDate,
    documentStatus: row.documentVerificationStatus,
    documentRejectionReason:
      row.documentVerificationStatus === 'Rejected' ? row.documentRejectionReason : null,
    documentSubmittedAt: iso(row.documentSubmittedAt),
    hasVideo: facts.hasVideo,
    uploadDate: iso(row.uploadDate),
    createdAt: row.createdAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    openedAt: iso(row.viewedAt),
    playedAt: iso(row.playedAt),
    // The sender's account is deleted with its capsules (on delete cascade): it is there.
    sender: { id: row.ownerId, name: sender?.fullName ?? '', email: sender?.email ?? '' },
    thumbnailUrl: thumbnail?.url ?? null,
    canView: release.ok,
    lockedReason: release.ok ? null : release.reason,
    opensAt:
      row.deliveryCriteria === 'Milestone_Date'
        ? iso(milestoneOpensAt(row.deliveryDate))
        : (facts.opensAt ?? null),
    canSubmitDocuments: canSubmitDocuments(facts),
  };
}

/** Rows as the API answers them, their senders read in one call to the users module. */
async function viewsOf(deps: AppDeps, rows: ReceivedRow[], now: Date): Promise<ReceivedCapsule[]> {
  const senders = await findPublicUsers(
    deps.db,
    rows.map((row) => row.ownerId),
  );
  return Promise.all(rows.map((row) => receivedView(deps, row, senders.get(row.ownerId), now)));
}

/** The clock's date in UTC: a Milestone_Date capsule opens at the first instant of its day, UTC. */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** One page of the user's received capsules, with the stat cards' counts over all of them. */
export async function listReceivedCapsules(
  deps: AppDeps,
  userId: string,
  query: ReceivedListQuery,
): Promise<ReceivedPage> {
  const now = deps.clock.now();
  const { rows, total } = await listReceived(deps.db, userId, { ...query, today: utcDay(now), now });
  const counts = await countReceived(deps.db, userId);
  return { items: await viewsOf(deps, rows, now), total, page: query.page, limit: query.limit, counts };
}

/** The recipient's row of that capsule, or a 404 (a malformed id, another's, a sent one). */
export async function findMine(deps: Pick<AppDeps, 'db'>, userId: string, capsuleId: string) {
  const row = isUuid(capsuleId) ? await findReceived(deps.db, userId, capsuleId) : undefined;
  if (!row) throw notFound(RECEIVED_NOT_FOUND);
  return row;
}

/**
 * Received Capsule Details, as they are now. Reading them records nothing: the first opening is
 * the video's (secureUrl), since a sealed capsule has details too.
 */
export async function readReceivedCapsule(
  deps: AppDeps,
  userId: string,
  capsuleId: string,
): Promise<ReceivedCapsule> {
  const row = await findMine(deps, userId, capsuleId);
  const [view] = await viewsOf(deps, [row], deps.clock.now());
  return view as ReceivedCapsule;
}

interface SecureUrl {
  url: string;
  expiresAt: string;
}

/**
 * The playback URL (POST /api/get-secure-url; docs/server-rules.md, 'Blob storage'): a read SAS of the
 * video, minutes long, with a Content-Disposition, only to the recipient (404 otherwise) and
 * only while the release rule holds (403 with the rule's reason otherwise, whatever the client
 * shows).
 */
export async function secureUrl(deps: AppDeps, userId: string, capsuleId: string): Promise<SecureUrl> {
  // The instant first, then the row: an objection committed meanwhile was made before this
  // instant, inside the window, and the row read after it shows it.
  const now = deps.clock.now();
  const row = await findMine(deps, userId, capsuleId);
  const facts = receivedFacts(row);
  const verdict = releaseVerdict(facts, now);
  if (!verdict.ok) throw new AppError('FORBIDDEN', verdict.reason);
  // The rule holds only with a stored video; it is served only as it was reviewed, and as its
  // playback rendition when it has one.
  const { ref: video, container, contentType } = await servablePlayback(deps.db, row);
  const minutes =
    (parseCapsuleLength(row.capsuleLength)?.minutes ?? SECURE_URL_DEFAULT_MINUTES) +
    SECURE_URL_MARGIN_MINUTES;
  const grant = await deps.storage.readSas(video, {
    minutes,
    contentDisposition: `inline; filename="capsule.${container === 'matroska' ? 'mkv' : container}"`,
    contentType,
  });
  // The recipient opened the capsule's video: the sender's card shows 'opened on …' from this
  // (once), not from a look at the details, which a sealed capsule also has.
  if (!row.viewedAt) await recordFirstOpening(deps, row, userId, now);
  return { url: grant.url, expiresAt: grant.expiresOn.toISOString() };
}

/**
 * The recipient was given the video (its playback URL, or its copy in an export): the first time,
 * the opening is marked and the record gets the release decision that opened it (the rule and
 * what it read) and the opening. Of two first looks at once, the one that marks it writes them.
 * A refusal writes nothing: a refused call changes no row (docs/server-rules.md, 'Capsule record').
 */
export async function recordFirstOpening(
  deps: Pick<AppDeps, 'db'>,
  row: ReceivedRow,
  userId: string,
  now: Date,
): Promise<void> {
  const facts = receivedFacts(row);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markViewed(trx, row.receivedId, now))) return;
    const details = {
      rule: facts.criteria,
      deliveryDate: facts.deliveryDate ?? null,
      documentStatus: facts.documentStatus ?? null,
      opensAt: facts.opensAt ?? null,
      verdict: 'open',
    };
    const who = { capsuleId: row.id, at: now, actorId: userId };
    await recordTrail(trx, { ...who, event: 'release_decided', actor: 'system', details });
    await recordTrail(trx, { ...who, event: 'opened', actor: 'recipient', details: {} });
  });
}

/** The part of the capsule's record about the recipient (404 for anyone else). */
export async function readReceivedTrail(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  capsuleId: string,
): Promise<TrailLine[]> {
  const row = await findMine(deps, userId, capsuleId);
  return readTrail(deps.db, row.id, 'recipient');
}

/**
 * The player's first 'playing' event: the first play is recorded once (the sender's Capsule
 * Details shows it). Only a capsule the recipient may watch can have been played.
 */
export async function recordPlayed(
  deps: AppDeps,
  userId: string,
  capsuleId: string,
): Promise<{ playedAt: string }> {
  const row = await findMine(deps, userId, capsuleId);
  const now = deps.clock.now();
  if (row.playedAt) return { playedAt: row.playedAt.toISOString() };
  const verdict = releaseVerdict(receivedFacts(row), now);
  if (!verdict.ok) throw new AppError('FORBIDDEN', verdict.reason);
  await markPlayed(deps.db, row.receivedId, now);
  const after = await findMine(deps, userId, capsuleId);
  return { playedAt: (after.playedAt ?? now).toISOString() };
}
