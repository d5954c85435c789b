import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createSyncPusher } from '../../src/modules/sync/index.js';
import { createUser } from '../../src/modules/users/users.service.js';
import { type CliDatabase, cliDatabase, requireBuiltCli, runAdminCli } from '../support/admin-cli.js';
import { databaseKinds } from '../support/databases.js';
import { type FakeOdoo, startFakeOdoo } from '../support/fake-odoo.js';
import { startTestApp, type TestApp, TestClock } from '../support/test-app.js';

// What operators live with: an app without Odoo settings keeps its records pending (and says so
// once), and the admin CLI, run as operators run it (the built file, a child process), shows the
// counts and the failed records with their errors and puts them back to pending.

describe.each(databaseKinds())('sync without Odoo settings (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('keeps every record pending and visible, and says why once', async () => {
    expect(t.deps.config.odoo).toBeNull();
    const user = await t.createUser();
    await t.runJob('sync.push', {});
    await t.runJob('sync.push', {});
    const rows = await t.deps.db
      .selectFrom('integrationSyncRecords')
      .select(['entityId', 'syncStatus', 'attempts', 'errorMessage'])
      .execute();
    expect(rows).toEqual([{ entityId: user.id, syncStatus: 'pending', attempts: 0, errorMessage: null }]);
    expect(t.jobLog.filter((l) => l.msg?.includes('Odoo is not configured'))).toHaveLength(1);
  });
});

describe.each(databaseKinds())('sync:status and sync:retry in the admin CLI (%s)', (kind) => {
  let place: CliDatabase;
  let odoo: FakeOdoo;

  beforeAll(async () => {
    requireBuiltCli();
    place = await cliDatabase(kind, 'capsule_sync_cli');
    odoo = await startFakeOdoo();
  });
  afterAll(async () => {
    await odoo?.close();
    await place?.drop();
  });

  const admin = (...args: string[]) => runAdminCli(place.env, args);

  /** Opens the database in this process, does `work`, and closes it (a PGlite folder serves one process). */
  async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    const database = await place.open();
    try {
      await migrateToLatest(database.db);
      return await work(database);
    } finally {
      await database.close();
    }
  }

  it('lists the failed records with their errors and retries one or all', async () => {
    // Two customers whose pushes Odoo refuses until their last try; a third that reaches Odoo.
    const failing = await withDatabase(async ({ db }) => {
      const clock = new TestClock();
      const pushDueRecords = createSyncPusher({ db, clock, config: { odoo: odoo.config() } as never });
      await createUser(db, { email: 'fine@example.test', password: 'long enough pw', fullName: 'Fine' });
      expect(await pushDueRecords()).toMatchObject({ synced: 1 });
      const made = [];
      for (const email of ['fail1@example.test', 'fail2@example.test']) {
        made.push(await createUser(db, { email, password: 'long enough pw', fullName: 'Unlucky' }));
      }
      // Odoo answers every call with a server error from now on.
      odoo.failNext(1_000, 'rpc-error');
      for (let tries = 0; tries < 10; tries += 1) {
        await pushDueRecords();
        clock.advanceDays(1);
      }
      return made.map((u) => u.id);
    });

    const status = await admin('sync:status');
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/pending 0 {2}synced 1 {2}failed 2/);
    const failedLines = status.stdout.split('\n').filter((l) => l.includes(' user '));
    expect(failedLines).toHaveLength(2);
    for (const line of failedLines) {
      expect(line).toMatch(
        /8 tries, last .*: Odoo refused authenticate: OperationalError: could not serialize access/,
      );
    }
    const recordIds = failedLines.map((l) => l.split(' ')[0] ?? '');
    for (const userId of failing) expect(status.stdout).toContain(`user ${userId}`);

    // One by id: back to pending, then refused as no longer failed; a malformed id is explained.
    const one = await admin('sync:retry', '--id', recordIds[0] ?? '');
    expect(one.stdout).toMatch(new RegExp(`Pending again: ${recordIds[0]}`));
    const again = await admin('sync:retry', '--id', recordIds[0] ?? '');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/No failed sync record/);
    const bogus = await admin('sync:retry', '--id', 'not-an-id');
    expect(bogus.code).toBe(1);
    expect(bogus.stderr).toMatch(/A sync record id looks like/);

    // Without --id, every failed record: only the other one was still failed.
    const rest = await admin('sync:retry');
    expect(rest.stdout.trim().split('\n')).toEqual([
      expect.stringContaining(`Pending again: ${recordIds[1]}`),
    ]);
    expect((await admin('sync:status')).stdout).toMatch(/pending 2 {2}synced 1 {2}failed 0/);

    // Retried records are due at once: the next push sends them.
    await withDatabase(async ({ db }) => {
      odoo.reset();
      const config = { odoo: odoo.config() } as never;
      expect(await createSyncPusher({ db, clock: new TestClock(), config })()).toMatchObject({
        synced: 2,
        failedTries: 0,
      });
    });
  }, 400_000);
});
