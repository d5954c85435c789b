// The storage module's public face: blob names, the storage client and the magic-byte checks.
export {
  type BlobRef,
  type CapsuleUpload,
  documentBlob,
  newUploadId,
  thumbnailBlob,
  userContainerName,
  videoBlob,
} from './blob-names.js';
export {
  type BlobProperties,
  type BlobStorage,
  type BlobStorageOptions,
  createBlobStorage,
  type ReadSasOptions,
  type SasGrant,
  type SasOptions,
  type SealResult,
  type StagedBlock,
  type UploadSasOptions,
} from './blob-storage.js';
export {
  detectImageType,
  detectVideoContainer,
  type ImageType,
  MAGIC_BYTES,
  type VideoContainer,
} from './magic.js';
export { SAS_MINUTES } from './sas.js';
