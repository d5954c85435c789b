import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { BlobRef } from '../../src/modules/storage/index.js';
import { senderWithStoredCapsule } from '../delivery/delivery-setup.js';
import { requireBuiltCli, runAdminCli } from '../support/admin-cli.js';
import { signIn } from '../support/client.js';
import { type Person, receivedCapsule, submitDocument } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { testEnv } from '../support/test-env.js';
import { makeTestImage, makeTestVideo, type TestFile } from '../support/test-videos.js';
import type { Member } from '../support/uploads.js';

// The backup drill on PostgreSQL, with the operators' CLI as they run it (the built
// file, a child process): capsules with real videos uploaded and reviewed through the product and
// a recipient's document, backup:create, the database dropped, created empty, backup:restore,
// backup:verify (every hash matches), then the product started again on the restored database
// with the same storage plays the video, byte for byte. Then what verify must catch: a blob
// changed or gone in storage, and a damaged dump.

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** One statement to the test server about whole databases. */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testEnv.databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: testEnv.databaseUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

describe.skipIf(!testEnv.databaseUrl)('the backup drill on PostgreSQL', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'capsule-backup-drill-'));
  const backupDir = path.join(work, 'backup');
  let t: TestApp | undefined;
  let again: TestApp | undefined;
  let restored: DatabaseHandle | undefined;
  let restoredApp: FastifyInstance | undefined;
  let dbName = '';
  let env: Record<string, string> = {};
  let mp4: TestFile;
  let webm: TestFile;
  let png: TestFile;
  let first: Member;
  let second: Member;
  let documentCapsuleId = '';

  const admin = (...args: string[]) => runAdminCli(env, args);

  beforeAll(async () => {
    requireBuiltCli();
    [t, mp4, webm, png] = await Promise.all([
      startTestApp('postgres'),
      makeTestVideo({ seconds: 2, format: 'mp4' }),
      makeTestVideo({ seconds: 2, format: 'webm' }),
      makeTestImage('png'),
    ]);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.deps.db);
    dbName = rows[0]?.name ?? '';
    const url = new URL(testEnv.databaseUrl ?? '');
    url.pathname = `/${dbName}`;
    env = {
      DATABASE_URL: url.toString(),
      AZURE_STORAGE_CONNECTION_STRING: t.blobs.connectionString,
      DATA_DIR: path.join(work, 'data'),
    };
  }, 180_000);

  afterAll(async () => {
    await restoredApp?.close();
    await restored?.close();
    await again?.close();
    await t?.close();
    if (dbName) await onServer(`drop database if exists ${dbName} with (force)`);
    rmSync(work, { recursive: true, force: true });
  });

  /** The kept blob (and its recorded row) of a capsule's video, from the restored database. */
  async function keptVideo(capsuleId: string): Promise<BlobRef> {
    const row = await restored?.db
      .selectFrom('storedBlobs')
      .select(['container', 'blobName'])
      .where('capsuleId', '=', capsuleId)
      .where('kind', '=', 'video')
      .executeTakeFirstOrThrow();
    return { container: row?.container ?? '', blob: row?.blobName ?? '' };
  }

  it('backs up, drops the database, restores it, verifies every hash, and the product plays the video', async () => {
    const app = t as TestApp;
    // Two senders whose capsules hold real videos, uploaded and reviewed (Sent) through the product.
    first = await senderWithStoredCapsule(app, mp4, { enabled: true, timing: 'on_lock' });
    second = await senderWithStoredCapsule(app, webm, { enabled: true, timing: 'on_lock' });
    // A recipient's identity document, uploaded and completed through the product (the capsule
    // delivered to them holds a stored stand-in video of its own).
    const sender: Person = await app.createUser({ fullName: 'Sam Sender' });
    const recipient: Person = await app.createUser({ fullName: 'Rita Recipient' });
    documentCapsuleId = await receivedCapsule(app, sender, recipient, { criteria: 'Document_Validation' });
    const rita = await signIn(app, recipient);
    await submitDocument(rita, documentCapsuleId, png);

    const created = await admin('backup:create', '--to', backupDir);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Backup written to /);
    expect(created.stdout).toMatch(/made by\s+pg_dump \(PostgreSQL\) \d+/);
    expect(created.stdout).toMatch(/6 kept blobs \(3 videos, 2 playback copies, 1 document\)/);
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      database: { kind: 'postgres', file: 'database.pgdump' },
      counts: { users: 4, capsules: expect.any(Number), receivedCapsules: 1, storedBlobs: 6 },
      inventory: { blobs: 6 },
    });
    const inventory = readFileSync(path.join(backupDir, 'blobs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(inventory.map((r) => r.sha256)).toEqual(
      expect.arrayContaining([sha256(mp4.bytes), sha256(webm.bytes), sha256(png.bytes)]),
    );

    // The database is gone: the app closed, and its database dropped (WITH (FORCE)).
    await app.close();
    t = undefined;
    await onServer(`drop database if exists ${dbName} with (force)`);
    expect(await databaseExists(dbName)).toBe(false);

    // Created empty under the same name, and the backup restored into it.
    await onServer(`create database ${dbName}`);
    const restoredOut = await admin('backup:restore', '--from', backupDir);
    expect(restoredOut.stderr).toBe('');
    expect(restoredOut.code).toBe(0);
    expect(restoredOut.stdout).toMatch(/^Restored the backup of /);
    expect(restoredOut.stdout).toMatch(/4 users, \d+ capsules, 1 received capsule, 6 stored blobs/);

    const verified = await admin('backup:verify', '--from', backupDir);
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/restored\s+into scratch database capsule_backup_check_\d+_[0-9a-f]+/);
    expect(verified.stdout).toMatch(/read all 6 kept blobs/);
    expect(verified.stdout).toMatch(
      /3 capsule videos, 2 playback copies and 1 received document: each has its stored_blobs row/,
    );
    expect(verified.stdout).toMatch(/Backup verified: /);
    expect(verified.stdout).not.toMatch(/MISSING|CHANGED|UNRECORDED|INVENTORY|RESTORE /);

    // The product again, on the restored database and the same storage: the sender signs in
    // (their account came back with the database) and the one-time preview plays the video.
    again = await startTestApp('postgres');
    restored = await openDatabase({ databaseUrl: env.DATABASE_URL });
    expect(await migrateToLatest(restored.db)).toEqual([]);
    restoredApp = await buildApp({ ...again.deps, db: restored.db }, { serveWeb: false, logger: false });
    await restoredApp.listen({ port: 0, host: '127.0.0.1' });
    const address = restoredApp.server.address();
    if (!address || typeof address === 'string') throw new Error('The restored app did not listen');
    const onRestored: TestApp = { ...again, baseUrl: `http://127.0.0.1:${address.port}` };

    // The restored one_time_codes say a code went to the sender moments ago (before the backup):
    // the product's resend limit holds across a restore too, so the clock moves past it.
    again.clock.advanceMinutes(2);
    const sam = await signIn(onRestored, first.user);
    const details = await sam.trpc.capsules.byId.query({ id: first.capsuleId });
    expect(details.status).toBe('Sent');
    expect(details.videoFingerprint).toBe(sha256(mp4.bytes));
    const preview = await sam.trpc.capsules.preview.mutate({ id: first.capsuleId });
    const played = Buffer.from(await (await fetch(preview.url)).arrayBuffer());
    // It plays the playback copy made at review, byte for byte as the backup's inventory says.
    const copy = inventory.find((row) => row.kind === 'rendition' && row.capsuleId === first.capsuleId);
    expect(sha256(played)).toBe(copy?.sha256);
  }, 300_000);

  it('verify names a blob changed in storage and one gone, and fails', async () => {
    expect(restored, 'the drill above restored the database').toBeDefined();
    const changed = await keptVideo(first.capsuleId);
    const gone = await keptVideo(second.capsuleId);
    const storage = (again as TestApp).deps.storage;
    await storage.uploadBuffer(changed, Buffer.from('not the reviewed video'), 'video/mp4');
    expect(await storage.deleteBlob(gone)).toBe(true);

    const verified = await admin('backup:verify', '--from', backupDir);
    expect(verified.code).toBe(1);
    expect(verified.stdout).toContain(
      `CHANGED    video ${changed.container}/${changed.blob} (capsule ${first.capsuleId}): storage holds sha256 ` +
        `${sha256(Buffer.from('not the reviewed video'))}`,
    );
    expect(verified.stdout).toContain(
      `MISSING    video ${gone.container}/${gone.blob} (capsule ${second.capsuleId}): no such blob in storage`,
    );
    expect(verified.stdout).toMatch(/Backup NOT verified: 2 problem\(s\)/);
    expect(verified.stderr).toMatch(/backup:verify found 2 problem\(s\)/);

    // Put back as reviewed (as a restore from a blob version would): verified again.
    await storage.uploadBuffer(changed, mp4.bytes, 'video/mp4');
    await storage.uploadBuffer(gone, webm.bytes, 'video/webm');
    const again2 = await admin('backup:verify', '--from', backupDir, '--sample', '2');
    expect(again2.code).toBe(0);
    expect(again2.stdout).toMatch(/read 2 of 6 kept blobs \(a random sample\)/);
  }, 120_000);

  it('verify refuses a damaged dump before restoring anything; create and restore refuse to overwrite', async () => {
    const damaged = path.join(work, 'damaged');
    cpSync(backupDir, damaged, { recursive: true });
    const dump = path.join(damaged, 'database.pgdump');
    const bytes = readFileSync(dump);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(dump, bytes);
    const refused = await admin('backup:verify', '--from', damaged);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/The backup is damaged: .*database\.pgdump has SHA-256 [0-9a-f]{64}/);

    const noManifest = path.join(work, 'unfinished');
    mkdirSync(noManifest);
    expect((await admin('backup:verify', '--from', noManifest)).stderr).toMatch(/has no manifest\.json/);

    const intoUsed = await admin('backup:create', '--to', backupDir);
    expect(intoUsed.code).toBe(1);
    expect(intoUsed.stderr).toMatch(/is not empty: a backup goes into a new or empty folder/);

    // The restored database has tables now: restoring over it is refused, with how to make an empty one.
    const over = await admin('backup:restore', '--from', backupDir);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/has \d+ tables: backup:restore only fills an empty database/);
    expect(over.stderr).toMatch(/CREATE DATABASE/);
  }, 120_000);
});
