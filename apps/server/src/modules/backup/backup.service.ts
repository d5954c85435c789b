import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrations } from '@capsule/migrations';
import { DatabaseInUseError, type Db, openDatabase } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { type Clock, systemClock } from '../../lib/clock.js';
import {
  countRows,
  countUserTables,
  exportSnapshot,
  type InventoryRow,
  listInventory,
  newestMigration,
  type RowCounts,
  serverVersion,
} from './backup.repository.js';
import {
  type BackupManifest,
  DUMP_FILES,
  INVENTORY_FILE,
  inventoryLines,
  newManifest,
  readCheckedBackup,
  sha256File,
  writeManifest,
} from './manifest.js';
import { describeServer, findPgTool, pgDump, pgRestore } from './pg-dump.js';
import {
  dumpPglite,
  hasPgliteDatabase,
  loadPglite,
  pgliteDataDirEmpty,
  withPgliteFolderLock,
} from './pglite-archive.js';

// backup:create and backup:restore. A backup is the database (pg_dump, or PGlite's
// data folder) and the inventory of every kept blob with its SHA-256, read in the same snapshot
// as the dump; the blobs themselves stay in storage, which keeps its own copies (replication,
// soft delete, versions: docs/operations/backups.md). verify.service.ts checks one.

export type Print = (line: string) => void;

/** The database a command works on: the server DATABASE_URL names, or the embedded folder. */
export type DatabaseTarget =
  | { kind: 'postgres'; databaseUrl: string }
  | { kind: 'pglite'; pgliteDir: string };

interface Taken {
  migration: string;
  counts: RowCounts;
  inventory: InventoryRow[];
  serverVersion: string;
  tool: string;
  toolMajor?: number;
  source: string;
}

/** "1 capsule", "2 capsules". */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const describeCounts = (c: RowCounts) =>
  `${count(c.users, 'user')}, ${count(c.capsules, 'capsule')}, ${count(c.receivedCapsules, 'received capsule')}, ` +
  `${count(c.storedBlobs, 'stored blob')}`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

function noMigrations(where: string): AppError {
  return new AppError(
    'BAD_INPUT',
    `${where} has no migration applied: there is nothing of the portal's to back up there.`,
  );
}

/** PostgreSQL: the inventory, the counts and pg_dump all see one snapshot, so they agree exactly. */
async function takePostgres(databaseUrl: string, dumpFile: string): Promise<Taken> {
  const handle = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const server = await serverVersion(handle.db);
    const tool = await findPgTool('pg_dump', server.major, `the server runs PostgreSQL ${server.major}`);
    return await handle.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const migration = await newestMigration(trx);
        if (!migration) throw noMigrations(`The database ${describeServer(databaseUrl)}`);
        const snapshot = await exportSnapshot(trx);
        const inventory = await listInventory(trx);
        const counts = await countRows(trx);
        // The transaction stays open while pg_dump reads: its snapshot lives as long as it does.
        await pgDump(tool, databaseUrl, dumpFile, snapshot);
        return {
          migration,
          counts,
          inventory,
          serverVersion: server.version,
          tool: tool.version,
          toolMajor: tool.major,
          source: describeServer(databaseUrl),
        };
      });
  } finally {
    await handle.close();
  }
}

/** PGlite: this process holds the folder (its lock), so nothing changes between the reads and the tarball. */
async function takePglite(pgliteDir: string, dumpFile: string): Promise<Taken> {
  if (!hasPgliteDatabase(pgliteDir)) {
    throw new AppError(
      'BAD_INPUT',
      `There is no embedded database in ${pgliteDir} (DATA_DIR): nothing to back up. ` +
        'With DATABASE_URL set, the PostgreSQL database it names is backed up instead.',
    );
  }
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({ pgliteDir });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    // The portal channel runs a command on the portal's Kysely connection, which cannot take
    // PGlite's tarball; a copy of the folder is only consistent with the folder at rest.
    throw new AppError(
      'CONFLICT',
      `The embedded database in ${pgliteDir} is held by a running portal (or another admin command). ` +
        'A backup of the embedded database copies its folder at rest: stop the portal (Ctrl+C on npm start), ' +
        'run backup:create, then start it again.',
    );
  }
  try {
    const db = handle.db;
    const migration = await newestMigration(db);
    if (!migration) throw noMigrations(`The embedded database in ${pgliteDir}`);
    const [counts, inventory, server] = await Promise.all([
      countRows(db),
      listInventory(db),
      serverVersion(db),
    ]);
    if (!handle.pglite) throw new Error('An embedded database handle without its PGlite');
    await dumpPglite(handle.pglite, dumpFile);
    return {
      migration,
      counts,
      inventory,
      serverVersion: server.version,
      tool: 'PGlite dumpDataDir (gzip)',
      source: pgliteDir,
    };
  } finally {
    await handle.close();
  }
}

/**
 * The folder a backup goes to: made if absent, refused if anything is in it already. Answers
 * how to undo it when the backup fails, so the same command can simply be run again: what it
 * wrote goes, and the folder too if it made it.
 */
function emptyFolder(dir: string): () => void {
  let entries: string[] | undefined;
  try {
    if (!statSync(dir).isDirectory()) throw new AppError('BAD_INPUT', `${dir} is a file, not a folder.`);
    entries = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (entries && entries.length > 0) {
    throw new AppError(
      'BAD_INPUT',
      `${dir} is not empty: a backup goes into a new or empty folder, so it never mixes with another.`,
    );
  }
  const made = entries === undefined;
  mkdirSync(dir, { recursive: true });
  return () => {
    if (made) rmSync(dir, { recursive: true, force: true });
    else
      for (const entry of readdirSync(dir)) rmSync(path.join(dir, entry), { recursive: true, force: true });
  };
}

interface CreateBackupInput {
  database: DatabaseTarget;
  /** The folder to write (new, or empty). */
  to: string;
  print: Print;
  clock?: Clock;
}

/** backup:create: the dump, blobs.jsonl and, last, manifest.json. Answers the manifest. */
export async function createBackup(input: CreateBackupInput): Promise<BackupManifest> {
  const dir = path.resolve(input.to);
  const createdAt = (input.clock ?? systemClock).now();
  const undo = emptyFolder(dir);
  try {
    return await writeBackup(input, dir, createdAt);
  } catch (error) {
    undo();
    throw error;
  }
}

async function writeBackup(input: CreateBackupInput, dir: string, createdAt: Date): Promise<BackupManifest> {
  const kind = input.database.kind;
  const dumpFile = path.join(dir, DUMP_FILES[kind]);
  const taken =
    input.database.kind === 'postgres'
      ? await takePostgres(input.database.databaseUrl, dumpFile)
      : await takePglite(input.database.pgliteDir, dumpFile);

  const inventoryFile = path.join(dir, INVENTORY_FILE);
  writeFileSync(inventoryFile, inventoryLines(taken.inventory));
  const [dumpSha, inventorySha] = await Promise.all([sha256File(dumpFile), sha256File(inventoryFile)]);
  const blobBytes = taken.inventory.reduce((sum, row) => sum + row.size, 0);
  const manifest = newManifest({
    createdAt: createdAt.toISOString(),
    migration: taken.migration,
    database: {
      kind,
      format: kind === 'postgres' ? 'pg_dump-custom' : 'pglite-datadir-tgz',
      file: DUMP_FILES[kind],
      sha256: dumpSha,
      bytes: statSync(dumpFile).size,
      serverVersion: taken.serverVersion,
      tool: taken.tool,
      ...(taken.toolMajor === undefined ? {} : { toolMajor: taken.toolMajor }),
      source: taken.source,
    },
    inventory: {
      file: INVENTORY_FILE,
      sha256: inventorySha,
      blobs: taken.inventory.length,
      bytes: blobBytes,
    },
    counts: taken.counts,
  });
  writeManifest(dir, manifest);

  const ofKind = (kind: string) => taken.inventory.filter((r) => r.kind === kind).length;
  input.print(`Backup written to ${dir}`);
  input.print(
    `  database   ${kind} (${taken.source}), ${manifest.database.file}, ${formatBytes(manifest.database.bytes)}, sha256 ${dumpSha}`,
  );
  input.print(`  made by    ${taken.tool}`);
  input.print(`  migration  ${taken.migration}`);
  input.print(`  rows       ${describeCounts(taken.counts)}`);
  input.print(
    `  blobs      ${INVENTORY_FILE}: ${count(taken.inventory.length, 'kept blob')} (${count(ofKind('video'), 'video')}, ` +
      `${count(ofKind('rendition'), 'playback copy', 'playback copies')}, ${count(ofKind('document'), 'document')}), ` +
      `${formatBytes(blobBytes)} in storage, each with its SHA-256`,
  );
  input.print(
    '  (the blobs stay in storage, which keeps its own copies; the inventory says what they must hash to)',
  );
  input.print(`Check it: npm run admin -- backup:verify --from ${dir}`);
  return manifest;
}

/** What a restored database holds against what the manifest says was backed up: one line per difference. */
export async function differencesFromManifest(db: Db, manifest: BackupManifest): Promise<string[]> {
  const found: string[] = [];
  const migration = await newestMigration(db);
  if (migration !== manifest.migration) {
    found.push(
      `RESTORE    the restored database's newest migration is ${migration ?? 'none'}, the manifest says ${manifest.migration}`,
    );
  }
  const counts = await countRows(db);
  for (const key of Object.keys(counts) as Array<keyof RowCounts>) {
    if (counts[key] !== manifest.counts[key]) {
      found.push(
        `RESTORE    ${key}: ${counts[key]} rows restored, the manifest says ${manifest.counts[key]}`,
      );
    }
  }
  return found;
}

/** A backup made by a newer build holds migrations this one does not know: its code must run it. */
export function unknownMigrationNote(manifest: BackupManifest): string | undefined {
  return manifest.migration in migrations
    ? undefined
    : `Note: this build does not know migration ${manifest.migration}; run the build that made the backup (or a newer one) on it.`;
}

interface RestoreBackupInput {
  from: string;
  /** Where to restore: an existing empty PostgreSQL database, or an embedded folder without a database. */
  database: DatabaseTarget;
  print: Print;
}

function kindMismatch(backup: 'postgres' | 'pglite'): AppError {
  return new AppError(
    'BAD_INPUT',
    backup === 'postgres'
      ? 'This is a backup of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it into.'
      : 'This is a backup of the embedded database (PGlite): it restores into the embedded folder, so unset ' +
          'DATABASE_URL (DATA_DIR names the folder).',
  );
}

async function restoreIntoPostgres(
  dumpFile: string,
  manifest: BackupManifest,
  databaseUrl: string,
): Promise<void> {
  const where = describeServer(databaseUrl);
  const target = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const tables = await countUserTables(target.db);
    if (tables > 0) {
      const name = new URL(databaseUrl).pathname.slice(1) || '<name>';
      throw new AppError(
        'CONFLICT',
        `The database ${where} has ${tables} tables: backup:restore only fills an empty database, it never ` +
          `overwrites one. Create an empty database (e.g. createdb -h HOST -U USER ${name}_restored, or in psql: ` +
          `CREATE DATABASE ${name}_restored;), point DATABASE_URL at it and run backup:restore again. To replace ` +
          `this one instead, stop every portal and worker on it first, then: dropdb --force ${name} && createdb ${name}.`,
      );
    }
  } finally {
    await target.close();
  }
  const tool = await findPgTool(
    'pg_restore',
    manifest.database.toolMajor ?? 0,
    `the dump was written by ${manifest.database.tool}`,
  );
  await pgRestore(tool, databaseUrl, dumpFile);
}

async function restoreIntoPglite(dumpFile: string, pgliteDir: string): Promise<void> {
  await withPgliteFolderLock(pgliteDir, async () => {
    if (!pgliteDataDirEmpty(pgliteDir)) {
      throw new AppError(
        'CONFLICT',
        `The embedded database folder ${pgliteDir} already holds a database: backup:restore only fills an ` +
          `empty one. With the portal stopped, move it aside (mv ${pgliteDir} ${pgliteDir}.old) and run ` +
          'backup:restore again.',
      );
    }
    await loadPglite(dumpFile, pgliteDir);
  });
}

/**
 * backup:restore: the backup's database into the configured one, which must be empty. The
 * restored database is then compared with the manifest (newest migration, row counts).
 */
export async function restoreBackup(input: RestoreBackupInput): Promise<void> {
  const dir = path.resolve(input.from);
  const { manifest, dumpFile } = await readCheckedBackup(dir);
  if (manifest.database.kind !== input.database.kind) throw kindMismatch(manifest.database.kind);
  const started = Date.now();
  const where =
    input.database.kind === 'postgres'
      ? describeServer(input.database.databaseUrl)
      : input.database.pgliteDir;
  if (input.database.kind === 'postgres') {
    await restoreIntoPostgres(dumpFile, manifest, input.database.databaseUrl);
  } else {
    await restoreIntoPglite(dumpFile, input.database.pgliteDir);
  }
  const restored = await openDatabase(
    input.database.kind === 'postgres'
      ? { databaseUrl: input.database.databaseUrl, poolSize: 1 }
      : { pgliteDir: input.database.pgliteDir },
  );
  try {
    const differences = await differencesFromManifest(restored.db, manifest);
    if (differences.length > 0) {
      for (const line of differences) input.print(line);
      throw new AppError(
        'INTERNAL',
        `The restored database ${where} does not hold what the manifest says (above): do not start a portal on it.`,
      );
    }
  } finally {
    await restored.close();
  }
  input.print(`Restored the backup of ${manifest.createdAt} from ${dir} into ${where}`);
  input.print(`  migration  ${manifest.migration}`);
  input.print(`  rows       ${describeCounts(manifest.counts)} (as the manifest says)`);
  input.print(`  took       ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const note = unknownMigrationNote(manifest);
  if (note) input.print(note);
  input.print(
    `Next: npm run admin -- backup:verify --from ${dir} (every blob against its hash), then start the portal on it.`,
  );
}
