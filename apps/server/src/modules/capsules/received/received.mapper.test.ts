import { describe, expect, it } from 'vitest';
import { legacyDocumentCompletion, toReceivedCapsuleView, toReceivedListView } from './received.mapper.js';
import type { ReceivedCapsule } from './received.output.js';

const capsule: ReceivedCapsule = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Legacy Capsule #1',
  status: 'Sent',
  category: 'Wedding',
  criteria: 'Premium_Verification',
  recipientName: 'Rita Turing',
  recipientEmail: 'rita@example.test',
  message: 'For your day',
  deliveryDate: null,
  documentStatus: 'Rejected',
  documentRejectionReason: 'Blurred',
  documentSubmittedAt: '2026-11-20T10:00:00.000Z',
  hasVideo: true,
  uploadDate: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-10-01T10:00:00.000Z',
  receivedAt: '2026-11-12T10:00:00.000Z',
  openedAt: null,
  playedAt: null,
  sender: { id: '22222222-2222-4222-8222-222222222222', name: 'Sam Sender', email: 'sam@example.test' },
  thumbnailUrl: 'https://storage.example/thumb?sp=r',
  canView: false,
  lockedReason: 'Your document was not accepted. Submit a new document to open this capsule.',
  opensAt: null,
  canSubmitDocuments: true,
};

describe('the received capsule in the spec fields', () => {
  it("names each field as the spec's 'Received capsule' does, the sender as x_Contact_User_*", () => {
    expect(toReceivedCapsuleView(capsule)).toMatchObject({
      id: capsule.id,
      title: 'Legacy Capsule #1',
      x_status: 'Sent',
      x_studio_capsule_type: 'Wedding',
      x_studio_recipient_name: 'Rita Turing',
      x_studio_recipient_email: 'rita@example.test',
      x_studio_message: 'For your day',
      x_studio_delivery_date: null,
      x_delivery_criteria: 'Premium_Verification',
      x_Document_Verification_Status: 'Rejected',
      x_document_rejection_reason: 'Blurred',
      x_storage_blob_name: `capsule-${capsule.id}`,
      x_Upload_Date: '2026-11-01T10:00:00.000Z',
      create_date: '2026-10-01T10:00:00.000Z',
      x_Contact_User_Id: capsule.sender.id,
      x_Contact_User_Name: 'Sam Sender',
      videoUrl: null,
      videoThumbnailUrl: 'https://storage.example/thumb?sp=r',
      x_can_view: false,
      x_can_submit_documents: true,
    });
    expect(toReceivedCapsuleView({ ...capsule, hasVideo: false }).x_storage_blob_name).toBeNull();
  });

  it('answers the list as capsules, counts, total, page and limit', () => {
    const counts = { total: 1, viewAnyTime: 0, milestoneDate: 0, documentValidation: 1 };
    expect(toReceivedListView({ items: [capsule], total: 1, page: 1, limit: 12, counts })).toEqual({
      capsules: [toReceivedCapsuleView(capsule)],
      counts,
      total: 1,
      page: 1,
      limit: 12,
    });
  });
});

describe('which document notify-document-upload-complete means', () => {
  const server = 'u/documents/r/x/document';
  it("prefers the server's name from metadata over the client's own blobName", () => {
    expect(
      legacyDocumentCompletion({
        data: { capsuleId: 'c', blobName: 'capsule-video' },
        metadata: { blobName: server },
      }),
    ).toEqual({ capsuleId: 'c', blobName: server });
  });
  it('takes capsuleId and blobName at the top level too, and ignores names that are not documents', () => {
    expect(legacyDocumentCompletion({ capsuleId: 'c', blobName: server })).toEqual({
      capsuleId: 'c',
      blobName: server,
    });
    expect(legacyDocumentCompletion({ data: { capsuleId: 'c', blobName: 'video.mp4' } })).toEqual({
      capsuleId: 'c',
    });
  });
});
