import { type DeliveryCriteria, milestoneOpensAt, objectionWindowEnd } from '@capsule/domain';
import type { AppDeps } from '../../../deps.js';
import { badInput, conflict, notFound } from '../../../errors.js';
import { isUuid } from '../../../lib/ids.js';
import { documentOutcomeMail } from '../../../mail/document-outcome.js';
import { recordOperatorAction, recordTrail } from '../../audit/index.js';
import { keptBlobState } from '../../storage/index.js';
import { findPublicUsers } from '../../users/index.js';
import {
  countWaitingDocuments as countWaitingRows,
  findDocumentOutcome,
  listWaitingDocuments as listWaitingRows,
  lockDocumentUpload,
  markOutcomeMailed,
  updateDocumentUpload,
} from './document-uploads.repository.js';
import { lockReceivedByCapsule, updateReceivedDocument } from './received.repository.js';
import { DOCUMENT_LINK_MINUTES, DOCUMENT_TEXTS, MAX_REJECTION_REASON } from './received-rules.js';

// The operators' side of document verification: the queue of submitted documents
// with a short-lived link to each image, and the verdict. Operators name a document by its
// capsule's id: the id the recipient's page and the sender's know, and a capsule has one
// recipient. The recipient is mailed the verdict by a job sent in the verdict's transaction, so
// a mail server that is away delays the mail and never undoes the verdict.

export interface WaitingDocument {
  /** This submission: a verdict names it, so one given on an earlier submission never lands on a newer one. */
  documentId: string;
  capsuleId: string;
  title: string;
  criteria: DeliveryCriteria;
  /** The event the document proves (e.g. Wedding); null when the sender chose none. */
  category: string | null;
  recipient: { id: string; name: string; email: string };
  sender: { id: string; name: string; email: string };
  fileName: string;
  submittedAt: string;
  /**
   * A read SAS of the image as it was checked and hashed, DOCUMENT_LINK_MINUTES long; null when
   * its stored copy is not known intact (`problem` says why): an operator must never judge bytes
   * the server did not check.
   */
  link: string | null;
  linkExpiresAt: string | null;
  problem: string | null;
  /** The sender objected to an earlier Verified of this document: why, and when. */
  objection: { reason: string; at: string } | null;
}

const IMAGE_CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/** Documents waiting for a verdict, oldest first: one page, optionally of one release condition. */
export async function listWaitingDocuments(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  page = { offset: 0, limit: 200 },
  criteria?: DeliveryCriteria,
): Promise<WaitingDocument[]> {
  const rows = await listWaitingRows(deps.db, page, criteria);
  const people = await findPublicUsers(
    deps.db,
    rows.flatMap((row) => [row.userId, row.senderId]),
  );
  const person = (id: string) => {
    const user = people.get(id);
    return { id, name: user?.fullName ?? '', email: user?.email ?? '' };
  };
  return Promise.all(
    rows.map(async (row) => {
      const type = row.imageType ?? 'png';
      const image = { container: row.blobContainer, blob: row.storedBlobName ?? row.blobName };
      const kept = await keptBlobState(deps.db, image);
      const link =
        kept.state === 'intact'
          ? await deps.storage.readSas(image, {
              minutes: DOCUMENT_LINK_MINUTES,
              contentType: IMAGE_CONTENT_TYPES[type],
              contentDisposition: `inline; filename="document-${row.capsuleId}.${type === 'jpeg' ? 'jpg' : type}"`,
            })
          : null;
      return {
        documentId: row.id,
        capsuleId: row.capsuleId,
        title: row.title,
        criteria: row.deliveryCriteria,
        category: row.category,
        recipient: person(row.userId),
        sender: person(row.senderId),
        fileName: row.fileName,
        submittedAt: (row.submittedAt as Date).toISOString(),
        link: link?.url ?? null,
        linkExpiresAt: link?.expiresOn.toISOString() ?? null,
        problem: link ? null : DOCUMENT_LINK_PROBLEMS[kept.state === 'damaged' ? 'damaged' : 'unrecorded'],
        objection:
          row.objectionReason && row.objectedAt
            ? { reason: row.objectionReason, at: row.objectedAt.toISOString() }
            : null,
      };
    }),
  );
}

/** How many documents wait, optionally of one release condition. */
export function countWaitingDocuments(
  deps: Pick<AppDeps, 'db'>,
  criteria?: DeliveryCriteria,
): Promise<number> {
  return countWaitingRows(deps.db, criteria);
}

/**
 * When a verified document's capsule opens: the later of the sender's objection window and the
 * combined rule's not-before day (its first instant, UTC, as the release rule reads it); null: now,
 * when both are behind us.
 */
function verifiedOpensAt(
  o: { objectionEndsAt: Date | null; notBeforeDate: string | null },
  now: Date,
): string | null {
  const notBefore = milestoneOpensAt(o.notBeforeDate);
  const later = [o.objectionEndsAt, notBefore].filter((d): d is Date => d !== null && d > now);
  if (later.length === 0) return null;
  return new Date(Math.max(...later.map((d) => d.getTime()))).toISOString();
}

/** Why an operator gets no link to a waiting document (docs/decisions/027-reviewed-bytes-fixity-backups.md). */
const DOCUMENT_LINK_PROBLEMS = {
  damaged: 'its stored copy failed a fixity check (admin fixity:failures); restore it before judging it',
  unrecorded: 'its stored copy has no recorded hash yet; the next fixity sweep records it',
} as const;

type DocumentVerdict = { status: 'Verified' } | { status: 'Rejected'; reason: string };

/**
 * An operator's verdict on the document waiting on that capsule: Verified releases the capsule
 * (the release rule reads the status), Rejected lets the recipient submit again and tells them
 * why. The recipient's mail is a job sent in the same transaction. A capsule nobody received is
 * a 404; one with no document waiting, a 409.
 */
export async function reviewDocument(
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
  capsuleId: string,
  verdict: DocumentVerdict,
  /**
   * Who decided, as the capsule's record names them (the admin CLI's operator), and the sender's
   * objection window a verification opens (OBJECTION_DAYS; 0: the capsule opens at once).
   * `operatorId`: the console's operator account. `documentId`: the submission the operator
   * looked at; if another operator decided it meanwhile (or the recipient sent a new one), the
   * verdict is refused as already decided rather than landing on a document nobody saw.
   */
  by: { operator: string; objectionDays: number; operatorId?: string; documentId?: string },
): Promise<{
  capsuleId: string;
  recipientId: string;
  status: DocumentVerdict['status'];
  opensAt: Date | null;
}> {
  const reason = verdict.status === 'Rejected' ? verdict.reason.trim() : null;
  if (verdict.status === 'Rejected' && !reason) throw badInput(DOCUMENT_TEXTS.reasonRequired);
  if (reason && reason.length > MAX_REJECTION_REASON) throw badInput(DOCUMENT_TEXTS.reasonTooLong);
  if (!isUuid(capsuleId)) throw notFound(DOCUMENT_TEXTS.noReceivedCapsule(capsuleId));
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockReceivedByCapsule(trx, capsuleId);
    if (!row) throw notFound(DOCUMENT_TEXTS.noReceivedCapsule(capsuleId));
    const upload = row.documentUploadId ? await lockDocumentUpload(trx, row.documentUploadId) : undefined;
    if (by.documentId !== undefined && row.documentUploadId !== by.documentId) {
      throw conflict(DOCUMENT_TEXTS.alreadyDecided);
    }
    if (row.documentVerificationStatus !== 'Submitted' || upload?.state !== 'submitted') {
      throw conflict(
        by.documentId ? DOCUMENT_TEXTS.alreadyDecided : DOCUMENT_TEXTS.nothingWaiting(capsuleId),
      );
    }
    const now = deps.clock.now();
    // Verified: the capsule opens when the sender's window ends without an objection (the sender's
    // account exists while the capsule does: it is deleted with them). The sender objects once per
    // document: verified again after their objection (its reason read), it opens at once, so an
    // objection can delay a release but never hold it for good.
    const windowOpens = verdict.status === 'Verified' && by.objectionDays > 0 && !row.objectedAt;
    const opensAt = windowOpens ? objectionWindowEnd(now, by.objectionDays) : null;
    await updateDocumentUpload(trx, upload.id, {
      state: verdict.status === 'Verified' ? 'verified' : 'rejected',
      reviewedAt: now,
      rejectionReason: reason,
    });
    await updateReceivedDocument(trx, row.receivedId, {
      documentVerificationStatus: verdict.status,
      documentRejectionReason: reason,
      documentReviewedAt: now,
      objectionEndsAt: opensAt,
    });
    await recordTrail(trx, {
      capsuleId,
      at: now,
      event: 'document_reviewed',
      actor: 'operator',
      details: {
        verdict: verdict.status,
        reason,
        operator: by.operator,
        opensAt: opensAt?.toISOString() ?? null,
      },
    });
    await recordOperatorAction(trx, {
      at: now,
      operator: by.operator,
      operatorId: by.operatorId ?? null,
      action: verdict.status === 'Verified' ? 'document.verify' : 'document.reject',
      subject: capsuleId,
      reason,
      details: { documentId: upload.id, opensAt: opensAt?.toISOString() ?? null },
    });
    // One mail job per verdict, not per document: after an objection the same document gets a
    // second verdict while the first verdict's job may still be queued or running (having read
    // the document back in review, so sending nothing). A key per document would have the queue
    // drop the second job, and the recipient would never hear of the verdict that opened it.
    const verdictKey = `${upload.id}@${now.toISOString()}`;
    await deps.jobs.send(
      trx,
      'received.document-mail',
      { documentId: upload.id },
      { singletonKey: verdictKey },
    );
    // The sender is told of the window, and may object until it ends.
    if (opensAt)
      await deps.jobs.send(
        trx,
        'received.objection-mail',
        { documentId: upload.id },
        { singletonKey: verdictKey },
      );
    return { capsuleId, recipientId: row.userId, status: verdict.status, opensAt };
  });
}

/**
 * The received.document-mail job: tells the recipient the verdict, once per document. Sent, then
 * recorded as sent (a process dying in between sends it twice rather than never); a failed send
 * throws and the job is retried with back-off.
 */
export async function sendDocumentOutcomeMail(
  deps: AppDeps,
  { documentId }: { documentId: string },
): Promise<void> {
  const outcome = await findDocumentOutcome(deps.db, documentId);
  if (!outcome || outcome.outcomeMailedAt) return;
  if (outcome.state !== 'verified' && outcome.state !== 'rejected') return;
  const people = await findPublicUsers(deps.db, [outcome.userId, outcome.ownerId]);
  const recipient = people.get(outcome.userId);
  if (!recipient) return;
  const mail = await documentOutcomeMail({
    fullName: recipient.fullName,
    capsuleTitle: outcome.title,
    senderName: people.get(outcome.ownerId)?.fullName ?? null,
    verified: outcome.state === 'verified',
    reason: outcome.rejectionReason,
    opensAt: outcome.state === 'verified' ? verifiedOpensAt(outcome, deps.clock.now()) : null,
    publicUrl: deps.config.publicUrl,
  });
  await deps.mailer.send({ to: recipient.email, ...mail });
  if (outcome.reviewedAt) await markOutcomeMailed(deps.db, outcome.id, outcome.reviewedAt, deps.clock.now());
}
