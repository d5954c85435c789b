// The storage module's public face: blob names, the storage client and the magic-byte checks.
export {
  type BlobRef,
  type CapsuleUpload,
  documentBlob,
  exportBlob,
  KEPT_SUFFIX,
  keptBlob,
  newUploadId,
  renditionBlob,
  thumbnailBlob,
  userContainerName,
  videoBlob,
} from './blob-names.js';
export {
  type BlobDigest,
  type BlobStorage,
  createBlobStorage,
  type StagedBlock,
} from './blob-storage.js';
export {
  type FixityLogger,
  listFixityFailures,
  runFixitySweep,
  sendFixityMail,
} from './fixity.service.js';
export {
  keepWrittenBlob,
  keptBlobState,
  recordKeptBlob,
} from './kept-blobs.service.js';
export {
  detectImageType,
  detectVideoContainer,
  MAGIC_BYTES,
  type VideoContainer,
} from './magic.js';
export { SAS_MINUTES } from './sas.js';
export { failedBlobCapsulesQuery, forgetStoredBlob, intactBlobsQuery } from './stored-blobs.repository.js';
