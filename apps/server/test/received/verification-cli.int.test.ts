import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltCli, runAdminCli } from '../support/admin-cli.js';
import { signIn } from '../support/client.js';
import { receivedCapsule, submitDocument } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { testEnv } from '../support/test-env.js';
import { makeTestImage } from '../support/test-videos.js';
import { mailAbout } from '../support/uploads.js';

/**
 * The operators' document review through the CLI's real entry (the built file, a child process),
 * as document-verification.int.test.ts runs the same commands in-process on both databases. The
 * child shares the running app's database and blob storage, so it needs the real PostgreSQL
 * (DATABASE_URL): an in-memory PGlite cannot be opened by a second process.
 */
describe('admin CLI: verification commands', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const admin = (env: Record<string, string>, ...args: string[]) =>
    runAdminCli({ DATA_DIR: dataDir, ...env }, args);

  beforeAll(requireBuiltCli);

  it('explains a rejection without a reason before touching anything', async () => {
    const missing = await admin({}, 'verification:reject', '--id', '00000000-0000-4000-8000-000000000000');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Missing --reason/);
    expect(missing.stderr).toMatch(/verification:approve\s+--id CAPSULE_ID/);
  }, 60_000);

  describe.skipIf(!testEnv.databaseUrl)('on the app’s PostgreSQL', () => {
    let t: TestApp;
    let env: Record<string, string>;
    beforeAll(async () => {
      t = await startTestApp('postgres');
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.deps.db);
      const url = new URL(testEnv.databaseUrl ?? '');
      url.pathname = `/${rows[0]?.name}`;
      env = {
        DATABASE_URL: url.toString(),
        AZURE_STORAGE_CONNECTION_STRING: t.blobs.connectionString,
        // Verified opens at once here; the sender's objection window has its own tests.
        OBJECTION_DAYS: '0',
      };
    }, 120_000);
    afterAll(async () => t?.close());

    it('lists a submitted document with a working link, approves it; the recipient is mailed and may watch', async () => {
      const png = await makeTestImage('png');
      const sender = await t.createUser({ fullName: 'Sam Sender' });
      const recipient = await t.createUser({ fullName: 'Rita Recipient' });
      const capsuleId = await receivedCapsule(t, sender, recipient, { criteria: 'Document_Validation' });
      const client = await signIn(t, recipient);
      expect(await admin(env, 'verification:list')).toMatchObject({
        code: 0,
        stdout: 'No documents are waiting for review.\n',
      });
      await submitDocument(client, capsuleId, png);

      const listed = await admin(env, 'verification:list');
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(/ID is the capsule id/);
      expect(listed.stdout).toContain(`${capsuleId}  "`);
      expect(listed.stdout).toContain(`<${recipient.email}>`);
      const link = /(http\S+sp=r\S*)/.exec(listed.stdout)?.[1] ?? '';
      expect(Buffer.from(await (await fetch(link)).arrayBuffer()).equals(png.bytes)).toBe(true);

      const approved = await admin(env, 'verification:approve', '--id', capsuleId);
      expect([approved.code, approved.stdout]).toEqual([
        0,
        `Verified the document of capsule ${capsuleId}; the recipient will be e-mailed.\n`,
      ]);
      // The app's job queue sends the mail the CLI queued with the verdict.
      await mailAbout(t, recipient.email, /document is verified/);
      expect((await client.trpc.receivedCapsules.byId.query({ id: capsuleId })).canView).toBe(true);

      const twice = await admin(env, 'verification:approve', '--id', capsuleId);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toMatch(`No document is waiting for review on capsule ${capsuleId}.`);
    }, 120_000);
  });
});
