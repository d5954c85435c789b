import type { ReceivedCapsule, ReceivedPage } from './received.output.js';

/**
 * The spec's 'Received capsule' (section 3) for the REST shims. The sender is x_Contact_User_Id /
 * x_Contact_User_Name (the spec matches a capsule's contact to them to show who sent it).
 * videoUrl is always null here: playback goes through POST /api/get-secure-url, which checks the
 * release rule. The spec's 'stored file name' is x_storage_blob_name: a name for the stored
 * video when there is one (the spec's client wants one before a document upload), never the
 * blob's real path. The x_/lower-case extras beyond the spec carry what the tRPC output adds.
 */
export function toReceivedCapsuleView(c: ReceivedCapsule) {
  return {
    id: c.id,
    title: c.title,
    x_status: c.status,
    x_studio_capsule_type: c.category,
    x_studio_recipient_name: c.recipientName,
    x_studio_recipient_email: c.recipientEmail,
    x_studio_message: c.message,
    x_studio_delivery_date: c.deliveryDate,
    x_delivery_criteria: c.criteria,
    x_Document_Verification_Status: c.documentStatus,
    x_document_rejection_reason: c.documentRejectionReason,
    x_storage_blob_name: c.hasVideo ? `capsule-${c.id}` : null,
    x_Upload_Date: c.uploadDate,
    create_date: c.createdAt,
    x_Contact_User_Id: c.sender.id,
    x_Contact_User_Name: c.sender.name,
    x_Contact_User_Email: c.sender.email,
    videoUrl: null,
    videoThumbnailUrl: c.thumbnailUrl,
    received_at: c.receivedAt,
    opened_at: c.openedAt,
    played_at: c.playedAt,
    x_can_view: c.canView,
    x_locked_reason: c.lockedReason,
    x_opens_at: c.opensAt,
    x_can_submit_documents: c.canSubmitDocuments,
  };
}

/** GET /api/received-capsules: the page in the spec's fields, with the counts of the stat cards. */
export function toReceivedListView(page: ReceivedPage) {
  return {
    capsules: page.items.map(toReceivedCapsuleView),
    counts: page.counts,
    total: page.total,
    page: page.page,
    limit: page.limit,
  };
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** Only names the server gives documents (…/documents/…) identify one; a client's other names do not. */
const documentBlobName = (value: unknown) => {
  const name = text(value);
  return name?.includes('/documents/') ? name : undefined;
};

/**
 * Which document upload notify-document-upload-complete speaks of. The spec's client sends
 * { data: { capsuleId, blobName }, metadata, sasUrl }: metadata is what get-document-sas-url
 * answered (the server's blob name); data.blobName may be the client's own (its video's stored
 * name). Top-level capsuleId / blobName are accepted too. Without a document blob name, the
 * capsule's newest open upload is meant.
 */
export function legacyDocumentCompletion(body: Record<string, unknown>): {
  capsuleId: unknown;
  blobName?: string;
} {
  const data = record(body.data);
  const metadata = record(body.metadata);
  const blobName =
    documentBlobName(metadata.blobName) ?? documentBlobName(body.blobName) ?? documentBlobName(data.blobName);
  return {
    capsuleId: data.capsuleId ?? metadata.capsuleId ?? body.capsuleId,
    ...(blobName ? { blobName } : {}),
  };
}
