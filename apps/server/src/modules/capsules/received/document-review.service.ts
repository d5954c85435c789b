import type { AppDeps } from '../../../deps.js';
import { badInput, conflict, notFound } from '../../../errors.js';
import { isUuid } from '../../../lib/ids.js';
import { documentOutcomeMail } from '../../../mail/document-outcome.js';
import { keptBlobState } from '../../storage/index.js';
import { findPublicUsers } from '../../users/index.js';
import {
  findDocumentOutcome,
  listWaitingDocuments as listWaitingRows,
  lockDocumentUpload,
  updateDocumentUpload,
} from './document-uploads.repository.js';
import { lockReceivedByCapsule, updateReceivedDocument } from './received.repository.js';
import { DOCUMENT_LINK_MINUTES, DOCUMENT_TEXTS, MAX_REJECTION_REASON } from './received-rules.js';

// The operators' side of document verification: the queue of submitted documents
// with a short-lived link to each image, and the verdict. Operators name a document by its
// capsule's id: the id the recipient's page and the sender's know, and a capsule has one
// recipient. The recipient is mailed the verdict by a job sent in the verdict's transaction, so
// a mail server that is away delays the mail and never undoes the verdict.

interface WaitingDocument {
  capsuleId: string;
  title: string;
  criteria: string;
  recipient: { id: string; name: string; email: string };
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
}

const IMAGE_CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/** Documents waiting for a verdict, oldest first. */
export async function listWaitingDocuments(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  limit = 200,
): Promise<WaitingDocument[]> {
  const rows = await listWaitingRows(deps.db, limit);
  const recipients = await findPublicUsers(
    deps.db,
    rows.map((row) => row.userId),
  );
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
      const recipient = recipients.get(row.userId);
      return {
        capsuleId: row.capsuleId,
        title: row.title,
        criteria: row.deliveryCriteria,
        recipient: { id: row.userId, name: recipient?.fullName ?? '', email: recipient?.email ?? '' },
        fileName: row.fileName,
        submittedAt: (row.submittedAt as Date).toISOString(),
        link: link?.url ?? null,
        linkExpiresAt: link?.expiresOn.toISOString() ?? null,
        problem: link ? null : DOCUMENT_LINK_PROBLEMS[kept.state === 'damaged' ? 'damaged' : 'unrecorded'],
      };
    }),
  );
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
): Promise<{ capsuleId: string; recipientId: string; status: DocumentVerdict['status'] }> {
  const reason = verdict.status === 'Rejected' ? verdict.reason.trim() : null;
  if (verdict.status === 'Rejected' && !reason) throw badInput(DOCUMENT_TEXTS.reasonRequired);
  if (reason && reason.length > MAX_REJECTION_REASON) throw badInput(DOCUMENT_TEXTS.reasonTooLong);
  if (!isUuid(capsuleId)) throw notFound(DOCUMENT_TEXTS.noReceivedCapsule(capsuleId));
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockReceivedByCapsule(trx, capsuleId);
    if (!row) throw notFound(DOCUMENT_TEXTS.noReceivedCapsule(capsuleId));
    const upload = row.documentUploadId ? await lockDocumentUpload(trx, row.documentUploadId) : undefined;
    if (row.documentVerificationStatus !== 'Submitted' || upload?.state !== 'submitted') {
      throw conflict(DOCUMENT_TEXTS.nothingWaiting(capsuleId));
    }
    const now = deps.clock.now();
    await updateDocumentUpload(trx, upload.id, {
      state: verdict.status === 'Verified' ? 'verified' : 'rejected',
      reviewedAt: now,
      rejectionReason: reason,
    });
    await updateReceivedDocument(trx, row.receivedId, {
      documentVerificationStatus: verdict.status,
      documentRejectionReason: reason,
      documentReviewedAt: now,
    });
    await deps.jobs.send(
      trx,
      'received.document-mail',
      { documentId: upload.id },
      { singletonKey: upload.id },
    );
    return { capsuleId, recipientId: row.userId, status: verdict.status };
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
    publicUrl: deps.config.publicUrl,
  });
  await deps.mailer.send({ to: recipient.email, ...mail });
  await updateDocumentUpload(deps.db, outcome.id, { outcomeMailedAt: deps.clock.now() });
}
