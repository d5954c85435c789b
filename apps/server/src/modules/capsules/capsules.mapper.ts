import type { Capsule, CapsuleCounts } from './capsules.service.js';

/**
 * GET /api/capsules/counts: the spec's five fields exactly (section 3, 'Capsule counts'). What
 * the tiles leave out (outsideTiles) is the web client's, over tRPC.
 */
export function toCapsuleCountsView(c: CapsuleCounts) {
  return {
    total: c.total,
    needRecipient: c.needRecipient,
    needUpload: c.needUpload,
    sent: c.sent,
    received: c.received,
  };
}

/**
 * The spec's sender view of a capsule (section 3, 'Capsule (sender view)') for the REST shims.
 * x_studio_capsule_type carries the category (Graduation, Wedding, ...): it is what the
 * type filter and the set-milestone call's capsuleType speak of. The kind (legacy or
 * journey), which the spec's field list leaves out, travels as x_capsule_kind
 * (docs/decisions/005-capsule-type-is-the-category.md).
 */
export function toCapsuleSenderView(c: Capsule) {
  return {
    id: c.id,
    title: c.title,
    x_status: c.status,
    x_studio_capsule_type: c.category,
    x_capsule_kind: c.kind,
    x_delivery_criteria: c.deliveryCriteria,
    x_Recipient_Id: c.contactId ? [c.contactId, c.recipientName ?? ''] : (false as const),
    x_Contact_User_Id: c.recipientUserId,
    x_studio_recipient_name: c.recipientName,
    x_studio_recipient_email: c.recipientEmail,
    x_studio_message: c.message,
    x_studio_delivery_date: c.deliveryDate,
    x_Upload_Date: c.uploadDate,
    x_capsule_length: c.capsuleLength,
    x_capsule_locked: c.locked,
    x_preview_viewed: c.previewViewed,
    x_retry_count: c.retryCount,
    x_previous_status: c.previousStatus,
    videoUrl: c.videoUrl,
    videoThumbnailUrl: c.videoThumbnailUrl,
    x_has_video: c.hasVideo ?? false,
    x_review_reason: c.reviewReason ?? null,
    create_date: c.createdAt,
    deliveredAt: c.deliveredAt,
    // What became of the delivery: e-mailed, first opened, first played; null before.
    x_delivery: c.delivery
      ? {
          delivered_at: c.delivery.deliveredAt,
          emailed_at: c.delivery.emailedAt,
          email_status: c.delivery.emailStatus,
          opened_at: c.delivery.openedAt,
          played_at: c.delivery.playedAt,
        }
      : null,
  };
}
