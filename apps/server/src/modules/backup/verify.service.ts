import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, openDatabase } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { type Clock, systemClock } from '../../lib/clock.js';
import type { BlobStorage } from '../storage/index.js';
import { type InventoryRow, listBlobReferences, listInventory } from './backup.repository.js';
import {
  count,
  describeCounts,
  differencesFromManifest,
  formatBytes,
  type Print,
  unknownMigrationNote,
} from './backup.service.js';
import { type CheckedBackup, readCheckedBackup, readInventory } from './manifest.js';
import { describeServer, findPgTool, pgRestore } from './pg-dump.js';
import { loadPglite } from './pglite-archive.js';
import { createScratchDatabase } from './scratch-database.js';

// backup:verify: a backup is only known to restore once it has been restored. The
// dump goes into a database made for the check (never the one the portal runs on), and from
// that restored copy: every capsule's video and every received document has its stored_blobs
// row, the inventory file agrees with the restored table, and every kept blob is in storage and
// hashes to what was recorded when it was reviewed.

/** Blobs read from storage at once: each is one streamed download. */
const READS_AT_ONCE = 4;
/** A progress line every so many blobs, so a long check on a large inventory is seen to move. */
const PROGRESS_EVERY = 500;

interface VerifyBackupInput {
  from: string;
  /** PostgreSQL backups: the server to make the scratch database on (a URL to any database there). */
  serverUrl?: string | undefined;
  storage: BlobStorage;
  /** Read only this many blobs, picked at random (all by default). */
  sample?: number | undefined;
  print: Print;
  clock?: Clock;
}

interface VerifyOutcome {
  problems: string[];
  blobsRead: number;
  blobsRecorded: number;
}

const blobName = (r: { container: string; blobName: string }) => `${r.container}/${r.blobName}`;

function sampleOf<T>(rows: readonly T[], n: number | undefined): T[] {
  if (n === undefined || n >= rows.length) return [...rows];
  const copy = [...rows];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

/** The inventory file against the restored table, row by row. */
function inventoryDifferences(file: readonly InventoryRow[], restored: readonly InventoryRow[]): string[] {
  const found: string[] = [];
  const restoredByName = new Map(restored.map((r) => [blobName(r), r]));
  const fileNames = new Set<string>();
  for (const row of file) {
    const name = blobName(row);
    fileNames.add(name);
    const match = restoredByName.get(name);
    if (!match) {
      found.push(`INVENTORY  ${name}: in the inventory file, not in the restored stored_blobs`);
    } else if (
      match.sha256 !== row.sha256 ||
      match.size !== row.size ||
      match.kind !== row.kind ||
      match.capsuleId !== row.capsuleId ||
      match.uploadId !== row.uploadId
    ) {
      found.push(
        `INVENTORY  ${name}: the inventory file says ${row.kind} sha256 ${row.sha256} (${row.size} bytes), ` +
          `the restored stored_blobs ${match.kind} sha256 ${match.sha256} (${match.size} bytes)`,
      );
    }
  }
  for (const row of restored) {
    if (!fileNames.has(blobName(row))) {
      found.push(`INVENTORY  ${blobName(row)}: in the restored stored_blobs, not in the inventory file`);
    }
  }
  return found;
}

/** Reads each blob end to end and compares it with its row; a storage that does not answer stops the check. */
async function readBlobs(
  storage: BlobStorage,
  rows: readonly InventoryRow[],
  onProblem: (line: string) => void,
  print: Print,
): Promise<number> {
  let next = 0;
  let done = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < rows.length) {
      const row = rows[next++] as InventoryRow;
      const of = row.capsuleId ? ` (capsule ${row.capsuleId})` : '';
      let digest: Awaited<ReturnType<BlobStorage['digestBlob']>>;
      try {
        digest = await storage.digestBlob({ container: row.container, blob: row.blobName });
      } catch (error) {
        failure ??= error;
        throw new AppError(
          'UNAVAILABLE',
          `Storage could not be read at ${storage.endpoint} (${blobName(row)}): ${(error as Error).message}. ` +
            'Is AZURE_STORAGE_CONNECTION_STRING set, or in development the portal (npm start, with its Azurite) running?',
        );
      }
      if (!digest) {
        onProblem(`MISSING    ${row.kind} ${blobName(row)}${of}: no such blob in storage`);
      } else if (digest.sha256 !== row.sha256 || digest.size !== row.size) {
        onProblem(
          `CHANGED    ${row.kind} ${blobName(row)}${of}: storage holds sha256 ${digest.sha256} (${digest.size} bytes), ` +
            `recorded ${row.sha256} (${row.size} bytes)`,
        );
      }
      done++;
      if (done % PROGRESS_EVERY === 0 && done < rows.length)
        print(`  ... ${done} of ${rows.length} blobs read`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, rows.length) }, worker));
  return done;
}

/** Every check on the restored database; problems go to `problem` as they are found. */
async function checkRestored(
  db: Db,
  backup: CheckedBackup,
  input: VerifyBackupInput,
  problem: (line: string) => void,
): Promise<{
  blobsRead: number;
  blobsRecorded: number;
  videos: number;
  renditions: number;
  documents: number;
  unrecorded: number;
}> {
  for (const line of await differencesFromManifest(db, backup.manifest)) problem(line);
  const restored = await listInventory(db);
  for (const line of inventoryDifferences(readInventory(backup.inventoryFile), restored)) problem(line);

  const references = await listBlobReferences(db);
  const unrecorded = references.filter((r) => !r.recorded);
  for (const ref of unrecorded) {
    problem(
      `UNRECORDED ${ref.what} of capsule ${ref.capsuleId}: ${blobName(ref)} has no stored_blobs row, ` +
        'so nothing says what its bytes must hash to',
    );
  }
  const toRead = sampleOf(restored, input.sample);
  const blobsRead = await readBlobs(input.storage, toRead, problem, input.print);
  const ofKind = (what: string) => references.filter((r) => r.what === what).length;
  return {
    blobsRead,
    blobsRecorded: restored.length,
    videos: ofKind('video'),
    renditions: ofKind('rendition'),
    documents: ofKind('document'),
    unrecorded: unrecorded.length,
  };
}

/**
 * backup:verify. Refuses (throws) a backup whose files do not match their manifest; otherwise
 * restores, checks, removes the scratch copy, prints a line per problem and a summary, and
 * answers the problems (the caller fails when there are any).
 */
export async function verifyBackup(input: VerifyBackupInput): Promise<VerifyOutcome> {
  const dir = path.resolve(input.from);
  const backup = await readCheckedBackup(dir);
  const { manifest } = backup;
  const now = (input.clock ?? systemClock).now();
  input.print(
    `Checking the backup in ${dir}: ${manifest.database.kind}, made ${manifest.createdAt}, migration ${manifest.migration}`,
  );
  input.print(`  files      ${manifest.database.file} and ${manifest.inventory.file} match their SHA-256`);
  const note = unknownMigrationNote(manifest);
  if (note) input.print(note);

  const problems: string[] = [];
  const problem = (line: string) => {
    problems.push(line);
    input.print(line);
  };
  const started = Date.now();
  let result: Awaited<ReturnType<typeof checkRestored>>;
  let restoredInto: string;

  if (manifest.database.kind === 'postgres') {
    if (!input.serverUrl) {
      throw new AppError(
        'BAD_INPUT',
        'A PostgreSQL backup is restored into a scratch database on a PostgreSQL server: set DATABASE_URL, ' +
          'or name the server with --into postgres://USER@HOST:PORT/postgres.',
      );
    }
    const tool = await findPgTool(
      'pg_restore',
      manifest.database.toolMajor ?? 0,
      `the dump was written by ${manifest.database.tool}`,
    );
    const scratch = await createScratchDatabase(input.serverUrl, now);
    restoredInto = `scratch database ${scratch.name} on ${describeServer(input.serverUrl).replace(/\/.*$/, '')}`;
    try {
      await pgRestore(tool, scratch.url, backup.dumpFile);
      input.print(`  restored   into ${restoredInto} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
      try {
        result = await checkRestored(handle.db, backup, input, problem);
      } finally {
        await handle.close();
      }
    } finally {
      await scratch.drop();
    }
  } else {
    const folder = mkdtempSync(path.join(tmpdir(), 'capsule-backup-check-'));
    restoredInto = `scratch folder ${folder}`;
    try {
      const pgliteDir = path.join(folder, 'pglite');
      await loadPglite(backup.dumpFile, pgliteDir);
      input.print(`  restored   into ${restoredInto} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const handle = await openDatabase({ pgliteDir });
      try {
        result = await checkRestored(handle.db, backup, input, problem);
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }

  input.print(`  rows       ${describeCounts(manifest.counts)} in the manifest`);
  input.print(
    `  references ${count(result.videos, 'capsule video')}, ${count(result.renditions, 'playback copy', 'playback copies')} ` +
      `and ${count(result.documents, 'received document')}: ` +
      (result.unrecorded === 0
        ? 'each has its stored_blobs row'
        : `${result.unrecorded} without a stored_blobs row (UNRECORDED above)`),
  );
  const read =
    result.blobsRead < result.blobsRecorded
      ? `${result.blobsRead} of ${result.blobsRecorded} kept blobs (a random sample)`
      : `all ${count(result.blobsRead, 'kept blob')}`;
  input.print(
    `  blobs      read ${read} from ${input.storage.endpoint} (${formatBytes(manifest.inventory.bytes)} recorded in all)`,
  );
  input.print(`  the ${restoredInto} was removed; took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  input.print(
    problems.length === 0
      ? 'Backup verified: it restores, and every blob checked is in storage with the SHA-256 recorded at review.'
      : `Backup NOT verified: ${problems.length} problem(s), listed above.`,
  );
  return { problems, blobsRead: result.blobsRead, blobsRecorded: result.blobsRecorded };
}
