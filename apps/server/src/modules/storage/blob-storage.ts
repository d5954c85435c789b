import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type Readable, Transform } from 'node:stream';
import {
  type BlobGenerateSasUrlOptions,
  BlobServiceClient,
  isRestError,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import { LRUCache } from 'lru-cache';
import { type Clock, systemClock } from '../../lib/clock.js';
import type { BlobRef } from './blob-names.js';
import { mergeCors } from './cors.js';
import { type SasAccess, sasOptions } from './sas.js';

// The only code that talks to blob storage (Azure in production, Azurite in development and
// tests). Callers name blobs with blob-names.ts; nothing here takes a name from a client.

export interface SasGrant {
  url: string;
  expiresOn: Date;
}

export interface SasOptions {
  /** Life of the SAS; sas.ts holds the defaults and the cap. */
  minutes?: number;
}

export interface UploadSasOptions extends SasOptions {
  /**
   * Create the container first (default). A caller that has just done so passes false: signing
   * alone makes no request, so it can happen inside a database transaction.
   */
  ensureContainer?: boolean;
}

export interface ReadSasOptions extends SasOptions {
  /** e.g. 'inline; filename="capsule.mp4"': playback URLs carry one (docs/server-rules.md, 'Blob storage'). */
  contentDisposition?: string;
  contentType?: string;
  /**
   * Sign for a window of this many minutes instead of this instant: every call within one window
   * answers the same URL (valid at least `minutes` from any moment in it), so a browser keeps a
   * thumbnail in its cache across list refreshes instead of fetching a new URL each time.
   */
  alignMinutes?: number;
}

/** What sealing found: the committed blob, now leased, or nothing committed under that name. */
export type SealResult = 'sealed' | 'missing';

export type BlobProperties =
  | { exists: false }
  | { exists: true; size: number; contentType: string | undefined; lastModified: Date | undefined };

/** What a blob's bytes hash to, read end to end. */
export interface BlobDigest {
  /** Lowercase hex SHA-256. */
  sha256: string;
  size: number;
}

/** What the account keeps of deleted blobs (soft delete), as storage reports it. */
export interface DeleteRetention {
  enabled: boolean;
  days: number | undefined;
}

export interface StagedBlock {
  /** The block id as the uploader gave it (base64). */
  name: string;
  size: number;
}

export interface BlobStorage {
  /** The account's blob endpoint, e.g. https://<account>.blob.core.windows.net. */
  readonly endpoint: string;
  /** Creates the container if it is missing; safe to call again and from many instances at once. */
  ensureContainer(container: string): Promise<void>;
  /** Also creates the owner's container on first use, so the first PUT cannot meet a missing one. */
  uploadSas(ref: BlobRef, options?: UploadSasOptions): Promise<SasGrant>;
  readSas(ref: BlobRef, options?: ReadSasOptions): Promise<SasGrant>;
  /** Blocks staged but not yet committed: what a resumed upload need not send again. */
  listUncommittedBlocks(ref: BlobRef): Promise<StagedBlock[]>;
  blobProperties(ref: BlobRef): Promise<BlobProperties>;
  /** Up to n bytes from the start, without reading the rest (a range read). */
  readFirstBytes(ref: BlobRef, n: number): Promise<Buffer>;
  /**
   * Takes an infinite lease on the committed blob, with this id (a UUID; the same id again is a
   * no-op), so a casual write cannot land while storage copies it. Not a guarantee: a SAS with
   * write permission may break the lease, which is why what is checked and served is the kept
   * copy (kept-blobs.service.ts; decision 027).
   */
  sealBlob(ref: BlobRef, leaseId: string): Promise<SealResult>;
  /**
   * A server-side copy of the committed blob `from` to `to` (same account), made by storage
   * itself: the bytes never pass through this server. 'missing' when `from` holds no committed
   * blob. The copy's name is one no SAS was ever issued for, so no client can change it.
   */
  copyBlob(from: BlobRef, to: BlobRef): Promise<'copied' | 'missing'>;
  /** Reads the blob end to end (streamed) and hashes it; undefined when there is no such blob. */
  digestBlob(ref: BlobRef): Promise<BlobDigest | undefined>;
  /** The blob's bytes as a stream, read as the consumer reads (an export); undefined when missing. */
  readStream(ref: BlobRef): Promise<NodeJS.ReadableStream | undefined>;
  /** True if there was a blob to delete. A sealed (leased) blob is unsealed first. */
  deleteBlob(ref: BlobRef): Promise<boolean>;
  /** True if there was a container to delete (with every blob in it). */
  deleteContainer(container: string): Promise<boolean>;
  uploadBuffer(ref: BlobRef, data: Buffer, contentType: string): Promise<void>;
  /**
   * Uploads a local file as the blob, in blocks as it is read: a rendition of a long video is
   * hundreds of megabytes, never held in memory. The file is read once, hashed as it is sent;
   * the answer is that digest, once storage reports the committed blob at the same length.
   * The blob is replaced whole when the last block is committed, so a reader never sees half.
   */
  uploadFile(ref: BlobRef, filePath: string, contentType: string): Promise<BlobDigest>;
  /**
   * Uploads a stream as the blob, in blocks as it is read (the SDK's uploadStream): an export
   * archive of many gigabytes passes through a few blocks of memory. Committed whole at the end.
   */
  uploadStream(ref: BlobRef, stream: NodeJS.ReadableStream, contentType: string): Promise<void>;
  /** Lets browsers on these origins PUT blocks and GET videos (the service's CORS rules). */
  ensureCors(origins: readonly string[]): Promise<void>;
  /**
   * Turns on blob soft delete for `days` (a deleted or overwritten blob is recoverable that long),
   * unless it is already on for at least that long. Answers what storage then reports.
   */
  ensureDeleteRetention(days: number): Promise<DeleteRetention>;
}

export interface BlobStorageOptions {
  /** AZURE_STORAGE_CONNECTION_STRING, or the embedded emulator's. */
  connectionString: string;
  clock?: Clock;
  /**
   * Keep each aligned SAS URL for its window (the kept shim 'sas-cache', on by default); false
   * when KEPT_SHIMS_OFF names it (docs/decisions/028-library-first.md): the SDK signs every URL.
   */
  keepAlignedGrants?: boolean;
}

const isNotFound = (error: unknown) => isRestError(error) && error.statusCode === 404;
/** A write or delete refused because the blob is leased and the call named no lease. */
const isLeased = (error: unknown) =>
  isRestError(error) && error.statusCode === 412 && error.code === 'LeaseIdMissing';
/** A range past the end of an empty blob. */
const isEmptyRange = (error: unknown) => isRestError(error) && error.statusCode === 416;

async function readAll(stream: NodeJS.ReadableStream | Readable | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  if (!stream) return Buffer.alloc(0);
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Aligned SAS URLs kept (each about 1 KB with its key): the thumbnails of a few hundred lists. */
const ALIGNED_GRANTS_KEPT = 5_000;

/**
 * One signed option in a key, unambiguously and cheaply: a date by its instant (JSON's ISO text
 * costs about 1 µs a date, and a list asks 12 keys of two dates each), an object with a toString
 * of its own by that text (the permissions, which the SAS carries as exactly that text), anything
 * else (arrays too, whose own text would join their items with commas) as JSON.
 */
function keyPart(value: unknown): string {
  if (value instanceof Date) return String(value.getTime());
  const ownText = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (ownText && value.toString !== Object.prototype.toString) {
    return String(value);
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * Everything an aligned SAS URL is made of: the blob and every option it is signed with (the
 * window's start and end, permissions, protocol, response headers), read off what is signed, so
 * an option added to sas.ts is in the key without anyone listing it here.
 */
function alignedGrantKey(ref: BlobRef, signed: BlobGenerateSasUrlOptions): string {
  let key = JSON.stringify([ref.container, ref.blob]);
  for (const [name, value] of Object.entries(signed)) key += `\u0000${name}=${keyPart(value)}`;
  return key;
}

export function createBlobStorage({
  connectionString,
  clock = systemClock,
  keepAlignedGrants = true,
}: BlobStorageOptions): BlobStorage {
  const service = BlobServiceClient.fromConnectionString(connectionString);
  // A SAS is signed with the account key; a connection string holding only a SAS cannot sign one.
  if (!(service.credential instanceof StorageSharedKeyCredential)) {
    throw new Error('The storage connection string must carry an AccountKey to issue SAS URLs');
  }
  const https = new URL(service.url).protocol === 'https:';
  const blobClient = (ref: BlobRef) => service.getContainerClient(ref.container).getBlockBlobClient(ref.blob);

  // An aligned SAS is one URL all through its window (sas.ts): signed once per window and blob,
  // and answered from here until the window ends. The lists ask for the same thumbnails again
  // and again, and the SDK's signing (two clients, the SAS query, the HMAC) costs tens of
  // microseconds a URL. The key names everything the URL is made of; the window is in it, so a
  // new window signs afresh. With the kept shim off there is no cache: the SDK signs every call,
  // and the URL is the same, since an aligned SAS is signed from its window, not the instant.
  const alignedGrants = keepAlignedGrants
    ? new LRUCache<string, SasGrant>({ max: ALIGNED_GRANTS_KEPT })
    : undefined;
  const sas = async (ref: BlobRef, access: SasAccess, options: ReadSasOptions): Promise<SasGrant> => {
    const signed = sasOptions({ access, now: clock.now(), https, ...options });
    const key = alignedGrants && options.alignMinutes ? alignedGrantKey(ref, signed) : undefined;
    const kept = key === undefined ? undefined : alignedGrants?.get(key);
    if (kept) return { url: kept.url, expiresOn: new Date(kept.expiresOn) };
    const url = await blobClient(ref).generateSasUrl(signed);
    if (key !== undefined) alignedGrants?.set(key, { url, expiresOn: new Date(signed.expiresOn) });
    return { url, expiresOn: signed.expiresOn };
  };

  const ensureContainer = async (container: string) => {
    await service.getContainerClient(container).createIfNotExists();
  };

  return {
    endpoint: service.url.replace(/\/$/, ''),
    ensureContainer,

    async uploadSas(ref, options = {}) {
      if (options.ensureContainer !== false) await ensureContainer(ref.container);
      return sas(ref, 'upload', { minutes: options.minutes });
    },
    readSas: (ref, options = {}) => sas(ref, 'read', options),

    async listUncommittedBlocks(ref) {
      try {
        const list = await blobClient(ref).getBlockList('uncommitted');
        return (list.uncommittedBlocks ?? []).map(({ name, size }) => ({ name, size }));
      } catch (error) {
        // No block staged yet: the blob does not exist at all.
        if (isNotFound(error)) return [];
        throw error;
      }
    },

    async blobProperties(ref) {
      try {
        const p = await blobClient(ref).getProperties();
        return {
          exists: true,
          size: p.contentLength ?? 0,
          contentType: p.contentType,
          lastModified: p.lastModified,
        };
      } catch (error) {
        if (isNotFound(error)) return { exists: false };
        throw error;
      }
    },

    async readFirstBytes(ref, n) {
      try {
        const response = await blobClient(ref).download(0, n);
        return (await readAll(response.readableStreamBody)).subarray(0, n);
      } catch (error) {
        if (isEmptyRange(error)) return Buffer.alloc(0);
        throw error;
      }
    },

    async sealBlob(ref, leaseId) {
      try {
        // Only a committed blob: Azurite would lease a name holding staged blocks alone, and
        // then refuse the uploader's own commit.
        await blobClient(ref).getProperties();
        await blobClient(ref).getBlobLeaseClient(leaseId).acquireLease(-1);
        return 'sealed';
      } catch (error) {
        // Only uncommitted blocks (or nothing, or no container) under that name.
        if (isNotFound(error)) return 'missing';
        throw error;
      }
    },

    async copyBlob(from, to) {
      // A read SAS of the source authorises the copy (Azure requires one unless the source is
      // public); it lives only as long as the copy may take to start.
      const source = await sas(from, 'read', { minutes: 60 });
      try {
        const poller = await blobClient(to).beginCopyFromURL(source.url, {
          intervalInMs: 1000,
        });
        const result = await poller.pollUntilDone();
        if (result.copyStatus !== 'success') {
          throw new Error(`The copy of ${from.blob} ended ${result.copyStatus}`);
        }
        return 'copied';
      } catch (error) {
        if (isNotFound(error)) return 'missing';
        throw error;
      }
    },

    async readStream(ref) {
      try {
        return (await blobClient(ref).download(0)).readableStreamBody;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async digestBlob(ref) {
      let body: NodeJS.ReadableStream | undefined;
      try {
        body = (await blobClient(ref).download(0)).readableStreamBody;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        if (isEmptyRange(error)) return { sha256: createHash('sha256').digest('hex'), size: 0 };
        throw error;
      }
      const hash = createHash('sha256');
      let size = 0;
      if (body) {
        for await (const chunk of body) {
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          size += bytes.length;
          hash.update(bytes);
        }
      }
      return { sha256: hash.digest('hex'), size };
    },

    async deleteBlob(ref) {
      const client = blobClient(ref);
      // With its snapshots: a deleted video must not linger in one.
      const remove = async () => (await client.deleteIfExists({ deleteSnapshots: 'include' })).succeeded;
      try {
        return await remove();
      } catch (error) {
        // deleteIfExists knows a missing blob, not a missing container (ContainerNotFound).
        if (isNotFound(error)) return false;
        if (!isLeased(error)) throw error;
      }
      // A sealed video: end its lease at once, then delete.
      await client.getBlobLeaseClient().breakLease(0);
      return remove();
    },

    async deleteContainer(container) {
      return (await service.getContainerClient(container).deleteIfExists()).succeeded;
    },

    async uploadBuffer(ref, data, contentType) {
      await ensureContainer(ref.container);
      await blobClient(ref).uploadData(data, { blobHTTPHeaders: { blobContentType: contentType } });
    },

    async uploadFile(ref, filePath, contentType) {
      await ensureContainer(ref.container);
      // Hashed on the way out rather than read back: the rendition's bytes cross once (a 10-minute
      // video's is ~460 MiB; bench/README.md, 'Rendition'). The fixity sweep compares what storage
      // holds with this digest from then on.
      const hash = createHash('sha256');
      let size = 0;
      const counted = createReadStream(filePath).pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        }),
      );
      const client = blobClient(ref);
      // 8 MiB blocks, four in flight: 32 MiB held at most.
      await client.uploadStream(counted, 8 * 1024 * 1024, 4, {
        blobHTTPHeaders: { blobContentType: contentType },
      });
      const stored = (await client.getProperties()).contentLength;
      if (stored !== size) throw new Error(`${ref.blob}: ${size} bytes sent, storage holds ${stored}`);
      return { sha256: hash.digest('hex'), size };
    },

    async uploadStream(ref, stream, contentType) {
      await ensureContainer(ref.container);
      // 4 MiB blocks, four in flight: about 16 MiB held at most, whatever the archive's size.
      await blobClient(ref).uploadStream(stream as Readable, 4 * 1024 * 1024, 4, {
        blobHTTPHeaders: { blobContentType: contentType },
      });
    },

    async ensureCors(origins) {
      const current = await service.getProperties();
      const cors = mergeCors(current.cors ?? [], origins);
      if (cors) await service.setProperties({ cors });
    },

    async ensureDeleteRetention(days) {
      const current = (await service.getProperties()).deleteRetentionPolicy;
      if (!(current?.enabled && (current.days ?? 0) >= days)) {
        await service.setProperties({ deleteRetentionPolicy: { enabled: true, days } });
      }
      const now = (await service.getProperties()).deleteRetentionPolicy;
      return { enabled: now?.enabled ?? false, days: now?.days };
    },
  };
}
