import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { type AppDeps, createAppDeps } from '../../src/deps.js';
import type { Clock } from '../../src/lib/clock.js';
import { createSmtpMailer } from '../../src/mail/mailer.js';
import { createUser } from '../../src/modules/users/users.service.js';
import { type DatabaseKind, openTestDatabase } from './databases.js';
import { type MailTrap, startMailTrap } from './mail-trap.js';

/** A clock tests can move, so expiry and limits are tested without sleeping. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advanceMinutes(minutes: number) {
    this.offsetMs += minutes * 60_000;
  }
  reset() {
    this.offsetMs = 0;
  }
}

export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  deps: AppDeps;
  baseUrl: string;
  mail: MailTrap;
  clock: TestClock;
  /** Empties every table and the inbox, and puts the clock back: each test starts clean. */
  reset(): Promise<void>;
  createUser(overrides?: Partial<TestUser>): Promise<TestUser & { id: string }>;
  close(): Promise<void>;
}

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
}

let userCounter = 0;

/** The whole app on a fresh database, a real SMTP trap and a movable clock, listening on a free port. */
export async function startTestApp(
  kind: DatabaseKind,
  configOverrides: Partial<Config> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-test-'));
  const config: Readonly<Config> = Object.freeze({
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-'.repeat(4),
      LOG_LEVEL: 'silent',
    }),
    ...configOverrides,
  });
  const database = await openTestDatabase(kind);
  const mail = await startMailTrap();
  const mailer = createSmtpMailer(mail.smtpUrl, config.mailFrom);
  const clock = new TestClock();
  const deps = createAppDeps({ config, db: database.db, mailer, clock });
  const app = await buildApp(deps, { serveWeb: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test app did not listen on a port');

  return {
    kind,
    app,
    deps,
    baseUrl: `http://127.0.0.1:${address.port}`,
    mail,
    clock,
    async reset() {
      const tables = await sql<{ tablename: string }>`
        select tablename from pg_tables
        where schemaname = 'public' and tablename not like 'kysely_%'`.execute(database.db);
      const names = tables.rows.map((r) => sql.id(r.tablename));
      if (names.length > 0) await sql`truncate ${sql.join(names)} cascade`.execute(database.db);
      mail.clear();
      clock.reset();
    },
    async createUser(overrides = {}) {
      userCounter += 1;
      const user: TestUser = {
        email: `user${userCounter}.${process.pid}@example.test`,
        password: 'correct horse battery staple',
        fullName: `Test User ${userCounter}`,
        ...overrides,
      };
      const row = await createUser(database.db, user);
      return { ...user, id: row.id };
    },
    async close() {
      await app.close();
      mailer.close();
      await mail.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
