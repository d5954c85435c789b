// The capsules module's public face (docs/decisions/008-modules-own-their-tables.md): commerce
// creates a purchase's capsules through here, inside its own transaction; nothing outside this
// folder writes the capsules or video_uploads tables. The job handlers (jobs/handlers.ts) call
// the upload and sweep functions below.

export { followContactBirthday } from './birthday-rule.service.js';
export { type CapsuleCounts, capsuleCountsOf } from './capsule-counts.service.js';
export { capsulesAtRisk, markLapsedPlanCapsules } from './capsule-lapse.service.js';
export { autoLockCapsules, purgeCapsules } from './capsule-sweeps.service.js';
export {
  type Capsule,
  createPurchasedCapsules,
  listMyCapsules,
} from './capsules.service.js';
export { deliverDueCapsules, deliverToNewAccount } from './delivery/delivery.service.js';
export {
  listFailedDeliveryMails,
  retryFailedDeliveryMails,
  sendDueDeliveryMails,
} from './delivery/delivery-mail.service.js';
export {
  deliveryHealth,
  OVERDUE_AFTER_MINUTES,
  troubledDeliveryMails,
} from './delivery/delivery-watch.service.js';
export {
  expirePreparedExport,
  prepareExport,
  requestPreparedExport,
} from './export/prepared-export.service.js';
export {
  countWaitingDocuments,
  listWaitingDocuments,
  reviewDocument,
  sendDocumentOutcomeMail,
} from './received/document-review.service.js';
export { sendObjectionMail } from './received/objection.service.js';
export { cleanupCapsuleBlobs } from './video/capsule-blobs.service.js';
export { recordUnrecordedKeptBlobs } from './video/kept-adoption.service.js';
export { remakeRendition, sendRenditionRepairs } from './video/rendition-repair.service.js';
export { expireUpload } from './video/upload-finish.service.js';
export { sendReviewMail } from './video/upload-mail.service.js';
export { reviewUpload } from './video/upload-review.service.js';
