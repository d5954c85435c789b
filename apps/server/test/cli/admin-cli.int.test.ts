import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../support/test-env.js';

const run = promisify(execFile);
const ADMIN = fileURLToPath(new URL('../../dist/cli/admin.js', import.meta.url));

/**
 * The operators' CLI as they run it (the built file, a child process), on the real PostgreSQL
 * when DATABASE_URL is set (a scratch database), else on an embedded PGlite data folder.
 */
describe('admin CLI', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-cli-'));
  let databaseUrl: string | undefined;
  let scratch: string | undefined;

  beforeAll(async () => {
    if (!existsSync(ADMIN)) throw new Error('apps/server/dist is missing: run `npm run build` first');
    if (testEnv.databaseUrl) {
      scratch = `capsule_cli_${process.pid}`;
      const admin = new pg.Client({ connectionString: testEnv.databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${scratch} with (force)`);
      await admin.query(`create database ${scratch}`);
      await admin.end();
      const url = new URL(testEnv.databaseUrl);
      url.pathname = `/${scratch}`;
      databaseUrl = url.toString();
    }
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (scratch && testEnv.databaseUrl) {
      const admin = new pg.Client({ connectionString: testEnv.databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${scratch} with (force)`);
      await admin.end();
    }
  });

  async function admin(...args: string[]) {
    const env = {
      PATH: testEnv.path,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    try {
      const { stdout, stderr } = await run(process.execPath, [ADMIN, ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it('creates and lists users, records a purchase, and explains bad arguments', async () => {
    const created = await admin(
      'user:create',
      '--email',
      'Olive@Example.test',
      '--password',
      'long enough pw',
      '--name',
      'Olive Oyl',
      '--phone',
      '+1 555 0100',
    );
    expect(created.stdout).toMatch(/Created user olive@example.test/);
    expect((await admin('user:list')).stdout).toMatch(/olive@example\.test\s+Olive Oyl/);

    const duplicate = await admin(
      'user:create',
      '--email',
      'olive@example.test',
      '--password',
      'long enough pw',
      '--name',
      'Other',
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/already exists/);

    expect((await admin('package:list')).stdout).toMatch(/5 Legacy Capsules\s+legacy\s+5 x 5_minutes/);
    const bought = await admin(
      'purchase:record',
      '--email',
      'olive@example.test',
      '--package',
      '5 Legacy Capsules',
      '--quantity',
      '2',
    );
    expect(bought.stdout).toMatch(/10 capsules, CAD 398.00/);
    const unknown = await admin('purchase:record', '--email', 'olive@example.test', '--package', 'Nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No active package named "Nope"/);

    const missing = await admin('user:create', '--email', 'x@example.test');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Missing --password/);
    expect(missing.stderr).toMatch(/Usage: npm run admin/);
    const bogus = await admin('frobnicate');
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toMatch(/Unknown command: frobnicate/);
    const badFlag = await admin('user:list', '--colour', 'blue');
    expect(badFlag.code).toBe(2);
  }, 120_000);
});
