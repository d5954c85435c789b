import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { documentBlob, keptBlob, recordKeptBlob } from '../../src/modules/storage/index.js';
import { createUser } from '../../src/modules/users/index.js';
import { type CliDatabase, cliDatabase, requireBuiltCli, runAdminCli } from '../support/admin-cli.js';
import { sharedTestBlobStorage, type TestBlobStorage } from '../support/blob-storage.js';

// Backups of the embedded database (PGlite), through the built CLI as operators run it: the
// data folder's tarball with the blob inventory, verified in a scratch folder, restored into an
// empty folder. A backup copies the folder at rest, so it is refused while another process
// holds it (a running portal, here this test).

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const DOCUMENT = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(3000, 5)]);

describe('backups of the embedded database (PGlite)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'capsule-backup-pglite-'));
  let place: CliDatabase;
  let blobs: TestBlobStorage;
  let env: Record<string, string>;
  const document = keptBlob(documentBlob(randomUUID(), randomUUID(), randomUUID()));
  let userId = '';

  const admin = (extra: Record<string, string>, ...args: string[]) => runAdminCli({ ...env, ...extra }, args);

  beforeAll(async () => {
    requireBuiltCli();
    [place, blobs] = await Promise.all([cliDatabase('pglite', 'capsule_backup'), sharedTestBlobStorage()]);
    env = { DATA_DIR: place.dataDir, AZURE_STORAGE_CONNECTION_STRING: blobs.connectionString };
    const handle = await place.open();
    try {
      await migrateToLatest(handle.db);
      userId = (
        await createUser(handle.db, {
          email: 'pearl@example.test',
          password: 'long enough pw',
          fullName: 'Pearl Lite',
        })
      ).id;
      await blobs.storage.uploadBuffer(document, DOCUMENT, 'image/png');
      await recordKeptBlob(
        handle.db,
        {
          kind: 'document',
          ref: document,
          digest: { sha256: sha256(DOCUMENT), size: DOCUMENT.length },
          uploadId: randomUUID(),
          capsuleId: null,
        },
        new Date(),
      );
    } finally {
      await handle.close();
    }
  }, 120_000);

  afterAll(async () => {
    await place?.drop();
    await blobs?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses while the folder is held, then backs it up, verifies it, and restores it into an empty folder', async () => {
    const backupDir = path.join(work, 'backup');
    let held: DatabaseHandle | undefined = await place.open();
    try {
      const refused = await admin({}, 'backup:create', '--to', backupDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/held by a running portal .*stop the portal/);
      // Nothing left behind: the same command simply runs again once the folder is free.
      expect(readdirSync(work)).not.toContain('backup');
    } finally {
      await held.close();
      held = undefined;
    }

    const created = await admin({}, 'backup:create', '--to', backupDir);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/database\s+pglite \(.*pglite\), pglite-datadir\.tar\.gz/);
    expect(created.stdout).toMatch(/1 kept blob \(0 videos, 0 playback copies, 1 document\)/);
    expect(created.stdout).toMatch(/rows\s+1 user, 0 capsules, 0 received capsules, 1 stored blob/);

    const verified = await admin({}, 'backup:verify', '--from', backupDir);
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/restored\s+into scratch folder /);
    expect(verified.stdout).toMatch(/read all 1 kept blob /);
    expect(verified.stdout).toMatch(/Backup verified: /);

    // Into another, empty data folder: the user and the inventory row are there.
    const otherDir = path.join(work, 'restored-data');
    const restored = await admin({ DATA_DIR: otherDir }, 'backup:restore', '--from', backupDir);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(
      /rows\s+1 user, 0 capsules, 0 received capsules, 1 stored blob \(as the manifest says\)/,
    );
    const opened = await openDatabase({ pgliteDir: path.join(otherDir, 'pglite') });
    try {
      const users = await opened.db.selectFrom('users').select(['id', 'email']).execute();
      expect(users).toEqual([{ id: userId, email: 'pearl@example.test' }]);
      const kept = await opened.db.selectFrom('storedBlobs').select(['blobName', 'sha256']).execute();
      expect(kept).toEqual([{ blobName: document.blob, sha256: sha256(DOCUMENT) }]);
      expect(await migrateToLatest(opened.db)).toEqual([]);
    } finally {
      await opened.close();
    }

    const twice = await admin({ DATA_DIR: otherDir }, 'backup:restore', '--from', backupDir);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/already holds a database: backup:restore only fills an empty one/);

    // An embedded database's backup does not go into a PostgreSQL one (refused before connecting).
    const wrongKind = await admin(
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing' },
      'backup:restore',
      '--from',
      backupDir,
    );
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toMatch(/backup of the embedded database \(PGlite\).*unset DATABASE_URL/);
  }, 180_000);

  it('verify names a capsule video with no recorded hash and a document changed in storage', async () => {
    // A capsule whose video was stored before hashes were recorded, and never adopted since.
    const capsuleId = randomUUID();
    const legacyVideo = `${userId}/capsules/${capsuleId}/${randomUUID()}/video`;
    const handle = await place.open();
    try {
      await sql`
        insert into capsules (id, owner_id, kind, title, delivery_criteria, video_blob_name)
        values (${capsuleId}, ${userId}, 'legacy', 'Legacy Capsule', 'Milestone_Date', ${legacyVideo})`.execute(
        handle.db,
      );
    } finally {
      await handle.close();
    }
    const backupDir = path.join(work, 'backup-2');
    expect((await admin({}, 'backup:create', '--to', backupDir)).code).toBe(0);
    const changed = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    await blobs.storage.uploadBuffer(document, changed, 'image/svg+xml');

    const verified = await admin({}, 'backup:verify', '--from', backupDir);
    expect(verified.code).toBe(1);
    expect(verified.stdout).toContain(
      `UNRECORDED video of capsule ${capsuleId}: user-${userId}/${legacyVideo} has no stored_blobs row`,
    );
    expect(verified.stdout).toContain(
      `CHANGED    document ${document.container}/${document.blob}: storage holds sha256 ${sha256(changed)} ` +
        `(${changed.length} bytes), recorded ${sha256(DOCUMENT)} (${DOCUMENT.length} bytes)`,
    );
    expect(verified.stdout).toMatch(
      /1 capsule video, 0 playback copies and 0 received documents: 1 without a stored_blobs row/,
    );
    expect(verified.stderr).toMatch(/backup:verify found 2 problem\(s\)/);
  }, 120_000);
});
