import type { AppDeps } from '../../../deps.js';
import { videoNeedsReviewMail, videoStoredMail } from '../../../mail/video-review.js';
import { findPublicUser } from '../../users/index.js';
import { findCapsuleById } from '../capsules.repository.js';
import { findUpload, updateUpload } from './video-uploads.repository.js';

/**
 * The upload.review-mail job: tells the sender what the review found, once per upload. The
 * mail is sent, then recorded as sent; the job runs one at a time per upload (its singleton
 * key). A failed send throws and the job is retried. Only a process that dies between SMTP's
 * acceptance and the record can send it twice: a second mail rather than none.
 */
export async function sendReviewMail(deps: AppDeps, { uploadId }: { uploadId: string }): Promise<void> {
  const upload = await findUpload(deps.db, uploadId);
  if (!upload || upload.reviewMailSentAt || (upload.state !== 'accepted' && upload.state !== 'rejected'))
    return;
  const [capsule, owner] = await Promise.all([
    findCapsuleById(deps.db, upload.capsuleId),
    findPublicUser(deps.db, upload.ownerId),
  ]);
  if (!capsule || !owner) return;
  const facts = {
    fullName: owner.fullName,
    capsuleTitle: capsule.title,
    recipientName: capsule.recipientName,
    publicUrl: deps.config.publicUrl,
  };
  const mail = await (upload.state === 'accepted'
    ? videoStoredMail(facts)
    : videoNeedsReviewMail({ ...facts, reason: upload.reason ?? '' }));
  await deps.mailer.send({ to: owner.email, ...mail });
  await updateUpload(deps.db, upload.id, { reviewMailSentAt: deps.clock.now() });
}
