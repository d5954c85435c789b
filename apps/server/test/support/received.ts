import { createHash, randomUUID } from 'node:crypto';
import type { DeliveryCriteria } from '@capsule/domain';
import { keptBlob, recordKeptBlob, thumbnailBlob, videoBlob } from '../../src/modules/storage/index.js';
import type { RouterOutputs } from '../../src/trpc/app-router.js';
import type { TestClient } from './client.js';
import { arrangeCapsule, arrangeDelivery, daysAgo, purchase } from './factories.js';
import type { TestApp, TestUser } from './test-app.js';

// Received capsules from a test's side: a sender's stored capsule delivered to a
// recipient, arranged directly (arrangeDelivery stands in for the delivery job) for the tests of
// what happens after delivery. The delivery itself runs through the job in the main path.

export type ReceivedOut = RouterOutputs['receivedCapsules']['byId'];
export type Person = TestUser & { id: string };

/** Which store package brings capsules of each criteria (Document_Validation: patched onto one). */
const PACKAGE_FOR: Record<DeliveryCriteria, string> = {
  Milestone_Date: '1 Legacy Capsule',
  View_Any_Time: '3 Journey Capsules',
  Premium_Verification: '2 Premium Verification Capsules',
  Document_Validation: '2 Premium Verification Capsules',
};

/** Stand-ins for a reviewed video and its thumbnail: real bytes in storage, not decoded by anyone. */
export const VIDEO_BYTES = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.alloc(4000, 7),
]);
export const THUMBNAIL_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);

export interface ReceivedOptions {
  criteria: DeliveryCriteria;
  category?: string | null;
  /** 'YYYY-MM-DD'. */
  deliveryDate?: string | null;
  message?: string | null;
  /** A stored video and thumbnail (default true). */
  withVideo?: boolean;
  receivedAt?: Date;
  documentStatus?: 'Submitted' | 'Verified' | 'Rejected' | null;
  /** false: stored (Sent) and not yet locked nor delivered, for a test that locks it itself. */
  delivered?: boolean;
}

/**
 * A capsule `sender` bought, stored (Sent, locked, with a video and thumbnail in their container)
 * and delivered to `recipient`. Answers its id.
 */
export async function receivedCapsule(
  t: Pick<TestApp, 'deps' | 'clock'>,
  sender: Person,
  recipient: Person,
  options: ReceivedOptions,
): Promise<string> {
  const bought = await purchase(t, sender.email, PACKAGE_FOR[options.criteria]);
  const capsuleId = bought.capsuleIds[0] as string;
  const upload = { ownerId: sender.id, capsuleId, uploadId: randomUUID() };
  // As the review leaves it: the kept copy, its hash recorded.
  const video = keptBlob(videoBlob(upload));
  const thumbnail = thumbnailBlob(upload);
  const withVideo = options.withVideo ?? true;
  if (withVideo) {
    await t.deps.storage.uploadBuffer(video, VIDEO_BYTES, 'video/mp4');
    await t.deps.storage.uploadBuffer(thumbnail, THUMBNAIL_BYTES, 'image/jpeg');
    const digest = {
      sha256: createHash('sha256').update(VIDEO_BYTES).digest('hex'),
      size: VIDEO_BYTES.length,
    };
    await recordKeptBlob(
      t.deps.db,
      { kind: 'video', ref: video, digest, uploadId: upload.uploadId, capsuleId },
      t.deps.clock.now(),
    );
  }
  await arrangeCapsule(t, capsuleId, {
    status: 'Sent',
    deliveryCriteria: options.criteria,
    category: options.category ?? null,
    deliveryDate: options.deliveryDate ?? null,
    message: options.message ?? null,
    recipientName: recipient.fullName,
    recipientEmail: recipient.email,
    videoBlobName: withVideo ? video.blob : null,
    videoThumbnailBlobName: withVideo ? thumbnail.blob : null,
    ...(options.delivered === false
      ? { uploadDate: daysAgo(t, 1) }
      : { uploadDate: daysAgo(t, 12), lockedAt: daysAgo(t, 2) }),
  });
  if (options.delivered === false) return capsuleId;
  await arrangeDelivery(t, capsuleId, recipient.id, options.receivedAt);
  if (options.documentStatus) await arrangeDocumentStatus(t, capsuleId, options.documentStatus);
  return capsuleId;
}

/** A document state as the document path leaves it (for the release rule's tests). */
export async function arrangeDocumentStatus(
  t: Pick<TestApp, 'deps'>,
  capsuleId: string,
  status: 'Submitted' | 'Verified' | 'Rejected' | null,
) {
  await t.deps.db
    .updateTable('receivedCapsules')
    .set({
      documentVerificationStatus: status,
      documentRejectionReason: status === 'Rejected' ? 'Arranged by the test' : null,
    })
    .where('capsuleId', '=', capsuleId)
    .execute();
}

/** The received row of a capsule, as stored. */
export const receivedRow = (t: TestApp, capsuleId: string) =>
  t.deps.db
    .selectFrom('receivedCapsules')
    .selectAll()
    .where('capsuleId', '=', capsuleId)
    .executeTakeFirstOrThrow();

/** The next midnight UTC after the clock's now, and its date. */
export function nextUtcMidnight(t: TestApp): { at: Date; date: string } {
  const now = t.clock.now();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return { at, date: at.toISOString().slice(0, 10) };
}

/** Moves the test clock to that instant (forward only). */
export function moveClockTo(t: TestApp, at: Date) {
  const minutes = (at.getTime() - t.clock.now().getTime()) / 60_000;
  if (minutes < 0) throw new Error('The test clock only moves forward');
  t.clock.advanceMinutes(minutes);
}

/** The recipient's document dialog done by hand: a slot, the PUT to storage (201), the completion. */
export async function submitDocument(
  client: TestClient,
  capsuleId: string,
  file: { bytes: Buffer; name?: string },
): Promise<{ blobName: string }> {
  const slot = await client.trpc.receivedCapsules.document.start.mutate({
    capsuleId,
    fileName: file.name ?? 'licence.png',
    contentType: 'image/png',
    size: file.bytes.length,
  });
  const put = await fetch(slot.sasUrl, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob' },
    body: new Uint8Array(file.bytes),
  });
  if (put.status !== 201) throw new Error(`Storage refused the document PUT: ${put.status}`);
  await client.trpc.receivedCapsules.document.complete.mutate({ capsuleId, blobName: slot.blobName });
  return { blobName: slot.blobName };
}
