import type { PassThrough, Readable } from 'node:stream';
import { releaseVerdict } from '@capsule/domain';
import yazl from 'yazl';
import type { AppDeps } from '../../../deps.js';
import { AppError, conflict, notFound } from '../../../errors.js';
import { type BlobRef, keptBlobState } from '../../storage/index.js';
import { findPublicUser, findPublicUsers } from '../../users/index.js';
import { listOwnedForExport } from '../capsules.repository.js';
import { listAllReceived } from '../received/received.repository.js';
import { receivedFacts, recordFirstOpening } from '../received/received.service.js';
import { servablePlayback } from '../video/capsule-blobs.service.js';
import { type ExportedReceived, type ExportManifest, exportIndexHtml } from './export-index.js';

// 'Download my capsules' (docs/server-rules.md, 'A copy to keep'): a ZIP streamed as it is
// written (yazl), each video read from storage only when the archive reaches it, so the server
// holds a few blocks at a time however large the archive. Videos are stored, not deflated (they
// are compressed already), which also lets the archive's size be known before its first byte.

const EXTENSIONS: Record<string, string> = { mp4: 'mp4', mov: 'mov', webm: 'webm', matroska: 'mkv' };

/** A file name any system accepts: letters, digits, spaces and a few signs; at most 60 characters. */
const safeName = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[^\w .()-]+/g, '_')
    .trim()
    .slice(0, 60) || 'capsule';

interface VideoEntry {
  path: string;
  ref: BlobRef;
  size: number;
}

export interface CapsuleExport {
  fileName: string;
  /** The archive's exact size, when every part's size is known (always, today). */
  size: number | null;
  stream: NodeJS.ReadableStream;
  /** Stops writing it (the client went away): the storage download in progress is closed. */
  abort(): void;
}

/** What the export holds for the user: the manifest, and the videos to stream into it. */
async function planExport(
  deps: AppDeps,
  userId: string,
): Promise<{ manifest: ExportManifest; videos: VideoEntry[] }> {
  const user = await findPublicUser(deps.db, userId);
  if (!user) throw notFound('User not found');
  const now = deps.clock.now();
  const rows = await listAllReceived(deps.db, userId);
  const senders = await findPublicUsers(
    deps.db,
    rows.map((r) => r.ownerId),
  );
  const videos: VideoEntry[] = [];
  const received: ExportedReceived[] = [];
  for (const [i, row] of rows.entries()) {
    const verdict = releaseVerdict(receivedFacts(row), now);
    const sender = senders.get(row.ownerId);
    const entry: ExportedReceived = {
      id: row.id,
      title: row.title,
      sender: { name: sender?.fullName ?? '', email: sender?.email ?? '' },
      category: row.category,
      criteria: row.deliveryCriteria,
      deliveryDate: row.deliveryDate,
      receivedAt: row.receivedAt.toISOString(),
      message: row.message,
      file: null,
      contentType: null,
      sha256: null,
      note: verdict.ok ? null : `Not open yet: ${verdict.reason}`,
    };
    if (verdict.ok) {
      // Only bytes whose recorded hash still holds, as playback serves them.
      const video = await servablePlayback(deps.db, row).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      const props = video ? await deps.storage.blobProperties(video.ref) : null;
      const kept = video ? await keptBlobState(deps.db, video.ref) : null;
      if (video && props?.exists && kept?.state === 'intact') {
        const path = `received/${String(i + 1).padStart(2, '0')} ${safeName(row.title)}.${EXTENSIONS[video.container] ?? 'mp4'}`;
        videos.push({ path, ref: video.ref, size: props.size });
        // Handed over: as the playback URL does, the first time opens it (the sender sees it).
        if (!row.viewedAt) await recordFirstOpening(deps, row, userId, now);
        Object.assign(entry, { file: path, contentType: video.contentType, sha256: kept.sha256 });
      } else {
        entry.note =
          'The video could not be included: its stored copy is being repaired. Export again later.';
      }
    }
    received.push(entry);
  }
  const sent = (await listOwnedForExport(deps.db, userId)).map((c) => ({
    id: c.id,
    title: c.title,
    status: c.status,
    category: c.category,
    criteria: c.deliveryCriteria,
    recipientName: c.recipientName,
    recipientEmail: c.recipientEmail,
    deliveryDate: c.deliveryDate,
    message: c.message,
    createdAt: c.createdAt.toISOString(),
    deliveredAt: c.deliveredAt?.toISOString() ?? null,
  }));
  const manifest: ExportManifest = {
    format: 'capsule-export/1',
    exportedAt: now.toISOString(),
    account: { name: user.fullName, email: user.email },
    received,
    sent,
  };
  return { manifest, videos };
}

/**
 * The user's archive as a stream: index.html, manifest.json, then each opened video, read from
 * storage when its turn comes (a missing blob fails the stream, which the browser shows as a
 * failed download rather than a silently incomplete copy).
 */
/**
 * Members whose export is being written by this process: one at a time each (an archive reads
 * every video they received from storage; a second at once would only double that).
 */
const running = new Set<string>();

export const EXPORT_TEXTS = {
  busy: 'Your capsules are already being downloaded. Wait for that download to finish, then try again.',
} as const;

export async function exportMyCapsules(deps: AppDeps, userId: string): Promise<CapsuleExport> {
  if (running.has(userId)) throw conflict(EXPORT_TEXTS.busy);
  running.add(userId);
  let started = false;
  try {
    const archive = await writeArchive(deps, userId);
    started = true;
    return archive;
  } finally {
    if (!started) running.delete(userId);
  }
}

async function writeArchive(deps: AppDeps, userId: string): Promise<CapsuleExport> {
  const { manifest, videos } = await planExport(deps, userId);
  const folder = `capsules-${manifest.exportedAt.slice(0, 10)}`;
  const mtime = new Date(manifest.exportedAt);
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as PassThrough;
  /** The storage download being copied into the archive now, to end with the archive. */
  let source: NodeJS.ReadableStream | undefined;
  const stop = (error?: Error) => {
    (source as Readable | undefined)?.destroy();
    if (!output.destroyed) output.destroy(error);
  };
  // A video gone missing or a storage error mid-way: the response ends short of its announced
  // length, which the browser reports as a failed download (never a silently short copy), and the
  // process carries on (yazl reports it as an 'error' event).
  zip.on('error', (error: Error) => stop(error));
  output.on('close', () => {
    running.delete(userId);
    (source as Readable | undefined)?.destroy();
  });
  zip.addBuffer(Buffer.from(exportIndexHtml(manifest)), `${folder}/index.html`, { compress: false, mtime });
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), `${folder}/manifest.json`, {
    compress: false,
    mtime,
  });
  for (const video of videos) {
    zip.addReadStreamLazy(`${folder}/${video.path}`, { compress: false, size: video.size, mtime }, (done) => {
      deps.storage.readStream(video.ref).then(
        (stream) => {
          if (!stream) return done(new Error(`${video.path}: the stored video is missing`), null as never);
          source = stream;
          done(null, stream);
        },
        (error: unknown) => done(error, null as never),
      );
    });
  }
  // yazl documents end's second argument as (calculatedTotalSize) => void, called during or after
  // end(): -1 or the archive's exact size (its @types declare it without the argument).
  const end = zip.end.bind(zip) as (options: yazl.EndOptions, sized: (total: number) => void) => void;
  const size = await new Promise<number | null>((resolve) => {
    end({ forceZip64Format: false, comment: '' }, (total) => resolve(total >= 0 ? total : null));
  });
  return { fileName: `${folder}.zip`, size, stream: output, abort: () => stop() };
}
