import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import lockfile from 'proper-lockfile';
import { AppError } from '../../errors.js';

// The embedded database's backup is PGlite's own dumpDataDir(): a gzipped tar of its data
// folder, taken by the one process that holds it, so nothing writes while it is read. It is
// loaded back by PGlite itself (the loadDataDir option) into an empty folder. A logical dump
// (pg_dump compiled to WASM, @electric-sql/pglite-tools) was weighed: its releases pin an
// older PGlite as their peer (0.5.8 where the app runs 0.5.16), and a tarball made and read by
// the same PGlite restores the database exactly, migrations table included.

/** openDatabase keeps PGlite's files in <pgliteDir>/pg (db/database.ts); a restore puts them there too. */
const pgliteDataDir = (pgliteDir: string) => path.join(pgliteDir, 'pg');

/** A database has been made in that folder (PostgreSQL writes PG_VERSION first). */
export const hasPgliteDatabase = (pgliteDir: string) =>
  existsSync(path.join(pgliteDataDir(pgliteDir), 'PG_VERSION'));

/** Whether the data folder holds anything at all (a restore fills only an empty or absent one). */
export function pgliteDataDirEmpty(pgliteDir: string): boolean {
  const dir = pgliteDataDir(pgliteDir);
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Writes the data folder's tarball (gzip). */
export async function dumpPglite(pglite: PGlite, file: string): Promise<void> {
  const tarball = await pglite.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
}

/** Makes the database of the tarball in `pgliteDir`, whose data folder must be empty or absent. */
export async function loadPglite(file: string, pgliteDir: string): Promise<void> {
  mkdirSync(pgliteDir, { recursive: true });
  const pglite = new PGlite({
    dataDir: pgliteDataDir(pgliteDir),
    loadDataDir: new Blob([await readFile(file)]),
  });
  await pglite.waitReady;
  await pglite.close();
}

/**
 * Runs `work` holding the folder's lock, the same lock openDatabase takes (two processes on
 * one PGlite folder corrupt it): a portal or another command cannot open it meanwhile.
 */
export async function withPgliteFolderLock<T>(pgliteDir: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(pgliteDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(pgliteDir, {
      lockfilePath: path.join(pgliteDir, '.lock'),
      stale: 15_000,
      update: 5_000,
    });
  } catch {
    throw new AppError(
      'CONFLICT',
      `The embedded database in ${pgliteDir} is in use (a running portal, or another admin command): stop it first.`,
    );
  }
  try {
    return await work();
  } finally {
    await release();
  }
}
