import { describe, expect, it } from 'vitest';
import { capsuleOutputSchema } from './capsule.output.js';
import { toCapsuleSenderView } from './capsules.mapper.js';
import type { Capsule } from './capsules.service.js';

const stored: Capsule = {
  id: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  title: 'Legacy Capsule #1',
  status: 'Pending_Upload',
  previousStatus: null,
  kind: 'legacy',
  category: 'Wedding',
  birthdayAge: null,
  notBeforeDate: null,
  recipientBirthday: null,
  deliveryCriteria: 'Milestone_Date',
  capsuleLength: '5_minutes',
  contactId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  recipientUserId: null,
  recipientName: 'Ada Lovelace',
  recipientEmail: 'ada@example.test',
  message: 'For your wedding day',
  deliveryDate: '2031-06-01',
  uploadDate: null,
  locked: false,
  previewViewed: false,
  retryCount: 0,
  videoUrl: null,
  videoThumbnailUrl: null,
  hasVideo: false,
  reviewReason: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  deliveredAt: null,
};

describe("the capsule's REST sender view (spec section 3, 'Capsule (sender view)')", () => {
  it('carries every field of the spec under its spec name', () => {
    const view = toCapsuleSenderView(stored);
    expect(view).toMatchObject({
      id: stored.id,
      title: 'Legacy Capsule #1',
      x_status: 'Pending_Upload',
      x_studio_capsule_type: 'Wedding',
      x_delivery_criteria: 'Milestone_Date',
      x_Recipient_Id: [stored.contactId, 'Ada Lovelace'],
      x_Contact_User_Id: null,
      x_studio_recipient_name: 'Ada Lovelace',
      x_studio_recipient_email: 'ada@example.test',
      x_studio_message: 'For your wedding day',
      x_studio_delivery_date: '2031-06-01',
      x_Upload_Date: null,
      x_capsule_length: '5_minutes',
      x_capsule_locked: false,
      x_preview_viewed: false,
      x_retry_count: 0,
      videoUrl: null,
      videoThumbnailUrl: null,
      create_date: '2026-11-23T10:00:00.000Z',
      deliveredAt: null,
    });
  });

  it('tells the sender what became of the delivery (x_delivery), null before it', () => {
    expect(toCapsuleSenderView(stored).x_delivery).toBeNull();
    const delivered = toCapsuleSenderView({
      ...stored,
      deliveredAt: '2031-06-01T12:00:00.000Z',
      delivery: {
        deliveredAt: '2031-06-01T12:00:00.000Z',
        emailedAt: '2031-06-01T12:00:05.000Z',
        emailStatus: 'sent',
        openedAt: '2031-06-02T08:00:00.000Z',
        playedAt: null,
        objectionEndsAt: null,
      },
    });
    expect(delivered.x_delivery).toEqual({
      delivered_at: '2031-06-01T12:00:00.000Z',
      emailed_at: '2031-06-01T12:00:05.000Z',
      email_status: 'sent',
      opened_at: '2031-06-02T08:00:00.000Z',
      played_at: null,
    });
  });

  it("answers false for x_Recipient_Id when there is no recipient (the spec's pair or nothing)", () => {
    expect(toCapsuleSenderView({ ...stored, contactId: null, recipientName: null }).x_Recipient_Id).toBe(
      false,
    );
  });

  it('keeps the kind and the status before deletion beside the spec fields', () => {
    const view = toCapsuleSenderView({
      ...stored,
      status: 'To_Delete',
      previousStatus: 'Sent',
      kind: 'journey',
    });
    expect(view).toMatchObject({
      x_status: 'To_Delete',
      x_previous_status: 'Sent',
      x_capsule_kind: 'journey',
    });
  });

  it('maps only what the output schema lets through: a bad status is refused before mapping', () => {
    expect(capsuleOutputSchema.safeParse(stored).success).toBe(true);
    expect(capsuleOutputSchema.safeParse({ ...stored, status: 'Lost' }).success).toBe(false);
    expect(capsuleOutputSchema.safeParse({ ...stored, deliveryDate: '1 June' }).success).toBe(false);
  });
});
