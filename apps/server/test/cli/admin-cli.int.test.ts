import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliDatabase, cliDatabase, requireBuiltCli, runAdminCli } from '../support/admin-cli.js';
import { testEnv } from '../support/test-env.js';

/**
 * The operators' CLI as they run it (the built file, a child process), on the real PostgreSQL
 * when DATABASE_URL is set (a scratch database), else on an embedded PGlite data folder.
 */
describe('admin CLI', () => {
  let place: CliDatabase;
  beforeAll(async () => {
    requireBuiltCli();
    place = await cliDatabase(testEnv.databaseUrl ? 'postgres' : 'pglite', 'capsule_cli');
  });
  afterAll(async () => place?.drop());

  const admin = (...args: string[]) => runAdminCli(place.env, args);

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
