import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import type { AppDeps } from '../../apps/server/src/deps.js';
import { startMailCatcher } from '../../apps/server/src/dev/mail-catcher.js';
import { ensureDevPackages } from '../../apps/server/src/dev/seed-packages.js';
import { systemClock } from '../../apps/server/src/lib/clock.js';
import { deriveKeys } from '../../apps/server/src/lib/tokens.js';
import { createSmtpMailer } from '../../apps/server/src/mail/mailer.js';
import { recordPurchase } from '../../apps/server/src/modules/commerce/purchases.service.js';
import { createUser } from '../../apps/server/src/modules/users/users.service.js';
import { openTestDatabase } from '../../apps/server/test/support/databases.js';
import { testEnv } from '../../apps/server/test/support/test-env.js';

const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface MailDevEmail {
  to: Array<{ address: string }>;
  subject: string;
  text: string;
  /** When MailDev received it (whole seconds). */
  time: string;
}

/**
 * The built portal (server + web client from apps/web/dist) on a free port, with the same
 * MailDev mail catcher `npm start` uses, on a fresh database (the real PostgreSQL when
 * DATABASE_URL is set, else PGlite).
 */
export async function startPortal() {
  if (!existsSync(WEB_DIST)) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const [port, webPort, smtpPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    SESSION_SECRET: 'e2e-secret-'.repeat(4),
    LOG_LEVEL: 'silent',
  });
  const catcher = await startMailCatcher(dataDir, webPort, smtpPort);
  const database = await openTestDatabase(testEnv.databaseUrl ? 'postgres' : 'pglite');
  const mailer = createSmtpMailer(catcher.smtpUrl, config.mailFrom);
  const deps: AppDeps = {
    config,
    db: database.db,
    mailer,
    clock: systemClock,
    keys: deriveKeys(config.sessionSecret),
  };
  const app = await buildApp(deps, { serveWeb: true, logger: false });
  await app.listen({ port, host: '127.0.0.1' });

  let users = 0;
  return {
    baseUrl,
    inboxUrl: catcher.inboxUrl,
    deps,
    async createUser(fullName = 'Margaret Hamilton') {
      users += 1;
      const user = {
        email: `e2e${users}.${process.pid}@example.test`,
        password: 'apollo guidance 11',
        fullName,
      };
      const row = await createUser(database.db, user);
      return { ...user, id: row.id };
    },
    /** The newest one-time code mailed to that address, read from the mail catcher's API. */
    async latestCode(email: string, after = new Date(0)): Promise<string> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const response = await fetch(`${catcher.inboxUrl}/api/email`);
        const mails = ((await response.json()) as MailDevEmail[])
          .filter((m) => m.to.some((to) => to.address.toLowerCase() === email.toLowerCase()))
          // MailDev keeps whole seconds: allow for the truncation.
          .filter((m) => Date.parse(m.time) >= after.getTime() - 2000)
          .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
        const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`No code arrived in the mail catcher for ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    /** A store purchase, through the service `npm run admin -- purchase:record` calls. */
    async purchase(email: string, packageName = '5 Legacy Capsules', quantity = 1) {
      await ensureDevPackages(database.db);
      return recordPurchase(deps, { email, packageName, quantity });
    },
    db: database.db,
    async close() {
      await app.close();
      mailer.close();
      await catcher.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Portal = Awaited<ReturnType<typeof startPortal>>;
