import { randomUUID } from 'node:crypto';
import { isUuid } from '../../lib/ids.js';

// Every container and blob name is made here, from ids the server holds. A name from the
// client would let it aim an upload SAS at another capsule's video (docs/server-rules.md, 'Blob storage').

/** Where one blob lives: the owner's container and the blob's name inside it. */
export interface BlobRef {
  container: string;
  blob: string;
}

/**
 * The user's own container (the spec's users' cloud-storage container id): all of one user's
 * blobs in one place, so they can be exported or erased as a whole. Derived from the id, so
 * every app instance names it alike without asking the database.
 */
export function userContainerName(userId: string): string {
  // A UUID is lowercase hex and single hyphens: a valid container name (3-63 chars) as it is.
  if (!isUuid(userId)) throw new Error('A storage container is named after a user id (a UUID)');
  return `user-${userId.toLowerCase()}`;
}

/** A fresh id for one upload attempt: a re-upload never overwrites the video it may replace. */
export const newUploadId = (): string => randomUUID();

const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** One path segment: ids only, so no '/' or '..' can move a blob out of its place. */
function segment(value: string, what: string): string {
  if (!SEGMENT.test(value)) throw new Error(`Not a valid ${what} for a blob name`);
  return value;
}

export interface CapsuleUpload {
  ownerId: string;
  capsuleId: string;
  uploadId: string;
}

const uploadFolder = ({ ownerId, capsuleId, uploadId }: CapsuleUpload) =>
  `${segment(ownerId, 'owner id')}/capsules/${segment(capsuleId, 'capsule id')}/${segment(uploadId, 'upload id')}`;

/** The video of one upload attempt, in the owner's container. */
export const videoBlob = (upload: CapsuleUpload): BlobRef => ({
  container: userContainerName(upload.ownerId),
  blob: `${uploadFolder(upload)}/video`,
});

/** The thumbnail made from that upload's video, beside it: both go when the upload is replaced. */
export const thumbnailBlob = (upload: CapsuleUpload): BlobRef => ({
  container: userContainerName(upload.ownerId),
  blob: `${uploadFolder(upload)}/thumbnail.jpg`,
});

/**
 * The playback rendition made from that upload's video, beside it: written only by the review
 * job or the rendition repair (no SAS ever names it), and gone with the upload.
 */
export const renditionBlob = (upload: CapsuleUpload): BlobRef => ({
  container: userContainerName(upload.ownerId),
  blob: `${uploadFolder(upload)}/rendition.mp4`,
});

/** A recipient's identity document for one received capsule, in the recipient's container. */
export const documentBlob = (recipientId: string, receivedCapsuleId: string, uploadId: string): BlobRef => ({
  container: userContainerName(recipientId),
  blob: `${segment(recipientId, 'recipient id')}/documents/${segment(receivedCapsuleId, 'capsule id')}/${segment(uploadId, 'upload id')}/document`,
});

/** A prepared export archive (docs/server-rules.md, 'A copy to keep'), in the member's container. */
export const exportBlob = (userId: string, exportId: string): BlobRef => ({
  container: userContainerName(userId),
  blob: `${segment(userId, 'user id')}/exports/${segment(exportId, 'export id')}.zip`,
});

/** How a kept copy's name ends: a name without it was stored before kept copies existed. */
export const KEPT_SUFFIX = '.kept';

/**
 * Where an upload's bytes are kept once it is completed: a server-side copy beside the blob the
 * browser wrote, under a name no SAS is ever issued for. An upload SAS (still alive, renewed, or
 * the legacy single PUT) names only the blob it was issued for; a SAS may lease and write that
 * blob, so the bytes are reviewed, hashed and served from here (docs/decisions/027-reviewed-bytes-fixity-backups.md).
 */
export const keptBlob = (written: BlobRef): BlobRef => ({
  container: written.container,
  blob: `${written.blob}${KEPT_SUFFIX}`,
});
