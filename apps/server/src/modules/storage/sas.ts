import { type BlobGenerateSasUrlOptions, BlobSASPermissions, SASProtocol } from '@azure/storage-blob';
import { addMinutes } from '../../lib/clock.js';

// The SAS policy of docs/server-rules.md ('Blob storage'): one blob, the least permission, a short life,
// HTTPS only when the account is reached over HTTPS.

/**
 * upload: create + write. Create alone allows a single Put Blob but not Put Block or Put Block
 * List, which a resumable block upload needs. No read, list or delete: the uploader cannot even
 * see what it sent. read: read only.
 */
export type SasAccess = 'upload' | 'read';

const PERMISSIONS: Record<SasAccess, string> = { upload: 'cw', read: 'r' };

/** Defaults: an upload SAS is renewed while a long upload runs; a read SAS serves one playback or review. */
export const SAS_MINUTES: Record<SasAccess, number> = { upload: 30, read: 10 };

/** The longest life any SAS may be given, whatever a caller asks. */
const MAX_SAS_MINUTES = 24 * 60;

/** Starts a little in the past: a client or storage clock a few minutes off must not refuse a fresh SAS. */
const CLOCK_SKEW_MINUTES = 5;

interface SasRequest {
  access: SasAccess;
  now: Date;
  https: boolean;
  minutes?: number;
  /** read only: how a browser should treat the file (playback URLs carry one). */
  contentDisposition?: string;
  contentType?: string;
  /** Sign from the start of this many minutes' window (the same URL all through it). */
  alignMinutes?: number;
}

/** The start of the window `now` falls in; `now` itself without one. */
function windowStart(now: Date, alignMinutes: number | undefined): Date {
  if (!alignMinutes) return now;
  const size = alignMinutes * 60_000;
  return new Date(Math.floor(now.getTime() / size) * size);
}

export function sasOptions(request: SasRequest): BlobGenerateSasUrlOptions & { expiresOn: Date } {
  const minutes = request.minutes ?? SAS_MINUTES[request.access];
  const align = request.alignMinutes ?? 0;
  // Aligned, the SAS must still live `minutes` from the window's last moment.
  if (!(minutes > 0 && minutes + align <= MAX_SAS_MINUTES && align >= 0)) {
    throw new Error(`A SAS lives between 1 minute and ${MAX_SAS_MINUTES} minutes`);
  }
  const from = windowStart(request.now, request.alignMinutes);
  return {
    permissions: BlobSASPermissions.parse(PERMISSIONS[request.access]),
    startsOn: addMinutes(from, -CLOCK_SKEW_MINUTES),
    expiresOn: addMinutes(from, minutes + align),
    // Plain http exists only for the local emulator; a real account is always reached over https.
    protocol: request.https ? SASProtocol.Https : SASProtocol.HttpsAndHttp,
    ...(request.access === 'read' && request.contentDisposition
      ? { contentDisposition: request.contentDisposition }
      : {}),
    ...(request.access === 'read' && request.contentType ? { contentType: request.contentType } : {}),
  };
}
