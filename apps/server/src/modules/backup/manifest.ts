import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { InventoryRow } from './backup.repository.js';

// A backup folder: the database dump, the blob inventory (one JSON line per kept blob, with its
// SHA-256), and manifest.json, written last, which says what the others are and what they hash
// to. A folder without a manifest is a backup that did not finish.

const MANIFEST_FILE = 'manifest.json';
export const INVENTORY_FILE = 'blobs.jsonl';
export const DUMP_FILES = { postgres: 'database.pgdump', pglite: 'pglite-datadir.tar.gz' } as const;

const FORMAT = 'capsule-backup';
const FORMAT_VERSION = 1;

const counts = z.object({
  users: z.number().int().nonnegative(),
  capsules: z.number().int().nonnegative(),
  receivedCapsules: z.number().int().nonnegative(),
  storedBlobs: z.number().int().nonnegative(),
});

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  /** The newest migration applied to the database backed up: the schema the dump holds. */
  migration: z.string(),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    /** postgres: pg_dump's custom format; pglite: PGlite's dumpDataDir, a gzipped tar of its folder. */
    format: z.enum(['pg_dump-custom', 'pglite-datadir-tgz']),
    file: z.string(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    bytes: z.number().int().nonnegative(),
    /** The server's version line. */
    serverVersion: z.string(),
    /** What wrote the dump: pg_dump's version line, or PGlite. */
    tool: z.string(),
    /** pg_dump's major version: pg_restore must be at least this. */
    toolMajor: z.number().int().optional(),
    /** host:port/database the dump was taken from (never credentials), or the PGlite folder. */
    source: z.string(),
  }),
  inventory: z.object({
    file: z.string(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    blobs: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
  }),
  counts,
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export function newManifest(fields: Omit<BackupManifest, 'format' | 'formatVersion'>): BackupManifest {
  return { format: FORMAT, formatVersion: FORMAT_VERSION, ...fields };
}

/** Lowercase hex SHA-256 of a file, streamed (a dump may be gigabytes). */
export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** One JSON object per line, the columns a restored stored_blobs row is compared on. */
export function inventoryLines(rows: readonly InventoryRow[]): string {
  return rows
    .map((r) =>
      JSON.stringify({
        kind: r.kind,
        container: r.container,
        blobName: r.blobName,
        sha256: r.sha256,
        size: r.size,
        capsuleId: r.capsuleId,
        uploadId: r.uploadId,
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
}

const inventoryRow = z.object({
  kind: z.enum(['video', 'rendition', 'document']),
  container: z.string(),
  blobName: z.string(),
  sha256: z.string(),
  size: z.number().int().nonnegative(),
  capsuleId: z.string().nullable(),
  uploadId: z.string(),
});

export function readInventory(file: string): InventoryRow[] {
  const text = readFileSync(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      try {
        return inventoryRow.parse(JSON.parse(line));
      } catch {
        throw new AppError('BAD_INPUT', `${file}: line ${i + 1} is not an inventory row`);
      }
    });
}

/** Written under another name first, then renamed: a manifest is there whole or not at all. */
export function writeManifest(dir: string, manifest: BackupManifest): void {
  const file = path.join(dir, MANIFEST_FILE);
  writeFileSync(`${file}.partial`, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(`${file}.partial`, file);
}

export interface CheckedBackup {
  dir: string;
  manifest: BackupManifest;
  dumpFile: string;
  inventoryFile: string;
}

/**
 * Reads the manifest and checks every file against it: a backup whose dump or inventory is not
 * what was written is refused before anything is restored from it.
 */
export async function readCheckedBackup(dir: string): Promise<CheckedBackup> {
  const manifestFile = path.join(dir, MANIFEST_FILE);
  if (!existsSync(manifestFile)) {
    throw new AppError(
      'BAD_INPUT',
      `${dir} has no ${MANIFEST_FILE}: not a backup, or one that did not finish (backup:create writes it last).`,
    );
  }
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  } catch (error) {
    throw new AppError(
      'BAD_INPUT',
      `${manifestFile} is not a backup manifest this build reads: ${(error as Error).message}`,
    );
  }
  const checked: CheckedBackup = {
    dir,
    manifest,
    dumpFile: path.join(dir, path.basename(manifest.database.file)),
    inventoryFile: path.join(dir, path.basename(manifest.inventory.file)),
  };
  for (const [file, expected] of [
    [checked.dumpFile, manifest.database.sha256],
    [checked.inventoryFile, manifest.inventory.sha256],
  ] as const) {
    if (!existsSync(file)) throw new AppError('BAD_INPUT', `The backup is incomplete: ${file} is missing.`);
    const actual = await sha256File(file);
    if (actual !== expected) {
      throw new AppError(
        'BAD_INPUT',
        `The backup is damaged: ${file} has SHA-256 ${actual}, the manifest recorded ${expected}. ` +
          'Nothing was restored from it; use another backup.',
      );
    }
  }
  return checked;
}
