import { canObject, OBJECTION_TEXTS, type ObjectionInput, objectionWindowOpen } from '@capsule/domain';
import type { AppDeps } from '../../../deps.js';
import { conflict, notFound } from '../../../errors.js';
import { objectionWindowMail } from '../../../mail/objection-window.js';
import { recordTrail } from '../../audit/index.js';
import { findPublicUsers } from '../../users/index.js';
import { CAPSULE_NOT_FOUND } from '../capsule-rules.js';
import { findCapsule } from '../capsules.repository.js';
import {
  findDocumentOutcome,
  lockDocumentUpload,
  updateDocumentUpload,
} from './document-uploads.repository.js';
import { lockReceivedByCapsule, updateReceivedDocument } from './received.repository.js';

// The sender's objection window (docs/server-rules.md, 'Received capsules'): an operator's
// Verified opens a document capsule only when the window ends (document-review.service.ts sets
// it and sends the mail below); until then the sender may object, and the document goes back
// to the operators with the sender's reason.

/**
 * The received.objection-mail job: tells the sender the recipient's document was verified and
 * until when they may object. Nothing if that document is no longer the verified one (an
 * objection or a new verdict came first) or the window is over.
 */
export async function sendObjectionMail(
  deps: AppDeps,
  { documentId }: { documentId: string },
): Promise<void> {
  const outcome = await findDocumentOutcome(deps.db, documentId);
  if (!outcome || outcome.currentUploadId !== outcome.id) return;
  const facts = {
    documentStatus: outcome.documentVerificationStatus,
    objectionEndsAt: outcome.objectionEndsAt,
  };
  if (!objectionWindowOpen(facts, deps.clock.now()) || !outcome.objectionEndsAt) return;
  const people = await findPublicUsers(deps.db, [outcome.ownerId, outcome.userId]);
  const sender = people.get(outcome.ownerId);
  if (!sender) return;
  const mail = await objectionWindowMail({
    fullName: sender.fullName,
    capsuleTitle: outcome.title,
    recipientName: people.get(outcome.userId)?.fullName ?? null,
    opensAt: outcome.objectionEndsAt.toISOString(),
    publicUrl: deps.config.publicUrl,
  });
  await deps.mailer.send({ to: sender.email, ...mail });
}

/**
 * The sender objects to a verified document inside the window (capsules.object): the document
 * goes back to the operators, Submitted again with the sender's reason, and the capsule stays
 * closed. Only the capsule's sender (404 otherwise), only while the window is open (409).
 */
export async function objectToRelease(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  ownerId: string,
  input: ObjectionInput,
): Promise<{ objectedAt: string }> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockReceivedByCapsule(trx, input.capsuleId);
    if (!row || row.ownerId !== ownerId) {
      // The sender's own capsule not delivered yet has nothing to object to; anyone else's is not found.
      if (!row && (await findCapsule(trx, ownerId, input.capsuleId)))
        throw conflict(OBJECTION_TEXTS.nothingToObject);
      throw notFound(CAPSULE_NOT_FOUND);
    }
    const now = deps.clock.now();
    const allowed = canObject(
      { documentStatus: row.documentVerificationStatus, objectionEndsAt: row.objectionEndsAt },
      now,
    );
    if (!allowed.ok) throw conflict(allowed.reason);
    const upload = row.documentUploadId ? await lockDocumentUpload(trx, row.documentUploadId) : undefined;
    if (!upload) throw conflict(OBJECTION_TEXTS.nothingToObject);
    // Back in the queue; the next verdict is mailed to the recipient like the first.
    await updateDocumentUpload(trx, upload.id, {
      state: 'submitted',
      reviewedAt: null,
      rejectionReason: null,
      outcomeMailedAt: null,
    });
    await updateReceivedDocument(trx, row.receivedId, {
      documentVerificationStatus: 'Submitted',
      documentRejectionReason: null,
      documentReviewedAt: null,
      objectionEndsAt: null,
      objectionReason: input.reason,
      objectedAt: now,
    });
    await recordTrail(trx, {
      capsuleId: row.id,
      at: now,
      event: 'objected',
      actor: 'sender',
      actorId: ownerId,
      details: { reason: input.reason },
    });
    return { objectedAt: now.toISOString() };
  });
}
