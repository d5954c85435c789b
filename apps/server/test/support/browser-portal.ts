import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BlobServiceClient, type CorsRule } from '@azure/storage-blob';
import { type CapsuleListQuery, contactInputSchema, type GroupRelationshipType } from '@capsule/domain';
import type { Updateable } from 'kysely';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { CapsulesTable } from '../../src/db/schema.js';
import { createAppDeps } from '../../src/deps.js';
import { startMemoryBlobEmulator } from '../../src/dev/blob-emulator.js';
import { startMailCatcher } from '../../src/dev/mail-catcher.js';
import { DEV_PACKAGES, devPriceId, ensureDevPackages } from '../../src/dev/seed-packages.js';
import { createJobQueue, registerJobHandlers } from '../../src/jobs/index.js';
import { browserOrigins } from '../../src/lib/origins.js';
import { latestToday } from '../../src/lib/today.js';
import { createSmtpMailer } from '../../src/mail/mailer.js';
import { listAffiliates, setAffiliateStatus } from '../../src/modules/affiliates/index.js';
import { endSession, resolveSession } from '../../src/modules/auth/index.js';
import {
  type Capsule,
  deliverDueCapsules,
  listMyCapsules,
  reviewDocument,
  sendDueDeliveryMails,
} from '../../src/modules/capsules/index.js';
// The recipient's own document service, as their dialog's calls reach it (a seed's way in).
import {
  completeDocumentUpload,
  startDocumentUpload,
} from '../../src/modules/capsules/received/document.service.js';
import { recordPurchase } from '../../src/modules/commerce/index.js';
import { decimalToCents } from '../../src/modules/commerce/money.js';
import {
  type Contact,
  type ContactGroup,
  createContact,
  listMyContacts,
  listMyGroups,
} from '../../src/modules/contacts/index.js';
import { makeRendition, probeVideo } from '../../src/modules/media/index.js';
import { createBlobStorage, newUploadId, videoBlob } from '../../src/modules/storage/index.js';
import { createUser, grantRole } from '../../src/modules/users/index.js';
import { sessionCookieName } from '../../src/plugins/session.js';
import { startTestBlobStorage } from './blob-storage.js';
import { type CameraVideo, makeCameraVideo } from './camera-videos.js';
import { openTestDatabase } from './databases.js';
import { onFreePort, onFreePorts } from './free-port.js';
import { receivedCapsule } from './received.js';
import { checkoutCompletedEvent, postStripeEvent, TEST_STRIPE_SECRET } from './stripe-events.js';
import { TestClock } from './test-clock.js';
import { testEnv } from './test-env.js';

// The browser tests' one door into the server (e2e/): the built portal on a free port
// with its database, mail catcher and data helpers, made of the server's own functions. The
// e2e files import server code from here only (e2e/support-boundary.e2e.test.ts checks it),
// so a change inside apps/server/src meets one file, not a dozen.
//
// The seed helpers go through the services the portal itself uses (users, commerce, contacts),
// so what a browser test starts from is data the app would accept. The one exception is
// arrangeCapsules: a stored video or a deletion mark are reached by the upload and review of
// later issues, so it sets them directly, as factories.ts arrangeCapsule does for the
// integration tests.

/** What the browser tests need from the test environment: where Debian's Chromium is. */
export const browserTestEnv = { chromiumPath: testEnv.chromiumPath } as const;

const WEB_DIST = fileURLToPath(new URL('../../../web/dist/index.html', import.meta.url));

export interface ServedPortalOptions {
  /**
   * Extra settings for loadConfig (the server's own environment names), e.g. SHOP_URL. The
   * port, data folder, public URL, session secret and log level are the harness's.
   */
  env?: Record<string, string>;
}

/** A contact as the seed helper takes it: the contact form's fields, optional ones left out. */
export interface SeedContact {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  relationshipType: string;
  relationshipDetails?: string | null;
  birthday?: string | null;
}

/** Columns of a capsule that only a later issue's flow would set (see arrangeCapsules). */
export type CapsuleArrangement = Omit<Updateable<CapsulesTable>, 'id' | 'ownerId'>;

interface MailDevEmail {
  to: Array<{ address: string }>;
  subject: string;
  text: string;
  html?: string;
  /** When MailDev received it (whole seconds). */
  time: string;
}

/** The job queue's log lines go nowhere: a browser test reads the portal, not its workers. */
const quietJobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * The app, its job queue and its mailer for the portal on `port`, listening. The port is in
 * the app's settings (PUBLIC_URL: the origins it accepts, the storage's CORS, links in mail),
 * so a port taken before the app listens means building it again for another: a failed listen
 * stops what was started here (support/free-port.ts picks again).
 */
async function startPortalApp(
  port: number,
  {
    env,
    dataDir,
    smtpUrl,
    database,
    storage,
    clock,
  }: {
    env: ServedPortalOptions['env'];
    dataDir: string;
    smtpUrl: string;
    database: TestDatabase;
    storage: ReturnType<typeof createBlobStorage>;
    clock: TestClock;
  },
) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    // The card provider's webhook accepts events signed with the tests' secret (stripeCheckout).
    STRIPE_WEBHOOK_SECRET: TEST_STRIPE_SECRET,
    ...env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    SESSION_SECRET: 'e2e-secret-'.repeat(4),
    LOG_LEVEL: 'silent',
  });
  const mailer = createSmtpMailer(smtpUrl, config.mailFrom);
  await storage.ensureCors(browserOrigins(config));
  const queue = createJobQueue({
    database,
    config: { jobs: true },
    logger: quietJobLogger,
    timing: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 },
    stopDeadlineMs: 5_000,
  });
  const deps = createAppDeps({ config, db: database.db, mailer, storage, jobs: queue, clock });
  // Without the cron sweeps: an arranged capsule must stay as arranged while the browser looks.
  await registerJobHandlers(queue, deps, { schedules: false });
  await queue.start();
  const app = await buildApp(deps, { serveWeb: true, logger: false });
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    await queue.stop({ graceful: false });
    mailer.close();
    throw error;
  }
  return { baseUrl, config, mailer, queue, deps, app };
}

/**
 * The built portal (server + web client from apps/web/dist) on a free port, with the MailDev
 * mail catcher `npm start` uses, an in-memory Azurite the browser uploads to (CORS set for the
 * portal's origin), the job queue running every handler (the review of an upload), on a fresh
 * database (the real PostgreSQL when DATABASE_URL is set, else PGlite). Each service gets ports
 * picked right before it starts.
 */
export async function startServedPortal(options: ServedPortalOptions = {}) {
  if (!existsSync(WEB_DIST)) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-e2e-'));
  const catcher = await onFreePorts(2, ([webPort, smtpPort]) =>
    startMailCatcher(dataDir, webPort as number, smtpPort as number),
  );
  const database = await openTestDatabase(testEnv.databaseUrl ? 'postgres' : 'pglite');
  const blobs = await onFreePort(startMemoryBlobEmulator);
  // Storage signs its SAS by the real clock: the emulator checks them against the real clock.
  const storage = createBlobStorage({ connectionString: blobs.connectionString });
  // The app's clock, which a test may move forward (the day a capsule opens).
  const clock = new TestClock();
  const { baseUrl, config, mailer, queue, deps, app } = await onFreePort((port) =>
    startPortalApp(port, { env: options.env, dataDir, smtpUrl: catcher.smtpUrl, database, storage, clock }),
  );
  const contactInput = contactInputSchema(latestToday(deps.clock));

  let users = 0;
  return {
    baseUrl,
    inboxUrl: catcher.inboxUrl,
    /** The Azurite the browser uploads to (e.g. to block its requests mid-upload). */
    blobEndpoint: blobs.blobEndpoint,
    /**
     * That Azurite's CORS rules, read and written as another portal or an operator would (the
     * portal's own rule is the one for its origins, browserOrigins).
     */
    blobCors: {
      ours: () => browserOrigins(config).join(','),
      rules: async (): Promise<CorsRule[]> =>
        (await BlobServiceClient.fromConnectionString(blobs.connectionString).getProperties()).cors ?? [],
      set: async (cors: CorsRule[]) => {
        await BlobServiceClient.fromConnectionString(blobs.connectionString).setProperties({ cors });
      },
    },
    /** The store's page the server serves to the client (SHOP_URL). */
    shopUrl: config.shopUrl,

    /** A main-site account, as the admin CLI creates it (users module). */
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

    /**
     * The app's clock (services, jobs, sessions; not storage's SAS): a test moves it forward to
     * a day to come, and gives its browser the same time (Playwright's clock.setSystemTime).
     */
    clock: {
      now: () => clock.now(),
      /** Forward to `at` (never back). */
      advanceTo(at: Date) {
        const minutes = (at.getTime() - clock.now().getTime()) / 60_000;
        if (minutes > 0) clock.advanceMinutes(minutes);
      },
    },

    /** Every mail the catcher holds for that address, oldest first: subject, text and HTML. */
    async mailsTo(email: string): Promise<Array<{ subject: string; text: string; html: string }>> {
      const response = await fetch(catcher.inboxApiUrl);
      return ((await response.json()) as MailDevEmail[])
        .filter((m) => m.to.some((to) => to.address.toLowerCase() === email.toLowerCase()))
        .sort((a, b) => Date.parse(a.time) - Date.parse(b.time))
        .map((m) => ({ subject: m.subject, text: m.text, html: m.html ?? '' }));
    },

    /** The newest one-time code mailed to that address, read from the mail catcher's API. */
    async latestCode(email: string, after = new Date(0)): Promise<string> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const response = await fetch(catcher.inboxApiUrl);
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

    /**
     * A purchase in the store as the card provider reports it: a checkout.session.completed for
     * the package (its development price id), signed with the provider's test header and posted
     * to the portal's webhook, which verifies it for real. `referralCode` is what the shop puts in
     * the session's metadata; `clientReferenceId` what the portal's shop link carries (`ref_CODE`).
     * Answers the webhook's status and body.
     */
    async stripeCheckout(
      email: string,
      options: {
        packageName?: string;
        quantity?: number;
        referralCode?: string;
        clientReferenceId?: string;
      } = {},
    ) {
      await ensureDevPackages(database.db);
      const name = options.packageName ?? '5 Legacy Capsules';
      const quantity = options.quantity ?? 1;
      const pkg = DEV_PACKAGES.find((p) => p.name === name);
      if (!pkg) throw new Error(`No development package named ${name}`);
      const event = checkoutCompletedEvent({
        email,
        priceId: devPriceId(name),
        quantity,
        amountCents: decimalToCents(pkg.price) * quantity,
        ...(options.referralCode ? { referralCode: options.referralCode } : {}),
        ...(options.clientReferenceId ? { clientReferenceId: options.clientReferenceId } : {}),
        at: deps.clock.now(),
      });
      return postStripeEvent(baseUrl, event, deps.clock.now());
    },

    /** The operators' affiliate commands, through the service `npm run admin -- affiliate:*` calls. */
    affiliates: {
      /** The code of the affiliate with that e-mail, as `affiliate:list` shows it. */
      async codeOf(email: string): Promise<string> {
        const found = (await listAffiliates(database.db)).find((a) => a.email === email.toLowerCase());
        if (!found) throw new Error(`No affiliate application from ${email}`);
        return found.code;
      },
      /** `affiliate:approve --code C`. */
      approve: (code: string) => setAffiliateStatus(deps, code, 'approved'),
    },

    seed: {
      /**
       * A capsule `sender` bought, stored, locked and delivered to `recipient`, whose document
       * (the PNG `image`) waits for an operator: sent through the recipient's own document
       * service, so it is checked, hashed and kept as a real one is. Answers the capsule id.
       */
      async documentWaiting(
        sender: { id: string; email: string; fullName: string; password: string },
        recipient: { id: string; email: string; fullName: string; password: string },
        options: {
          criteria: 'Document_Validation' | 'Premium_Verification';
          category: string;
          image: Buffer;
        },
      ): Promise<string> {
        const capsuleId = await receivedCapsule({ deps, clock }, sender, recipient, {
          criteria: options.criteria,
          category: options.category,
        });
        const slot = await startDocumentUpload(deps, recipient.id, {
          capsuleId,
          file: { fileName: 'certificate.png', contentType: 'image/png', size: options.image.length },
        });
        const put = await fetch(slot.sasUrl, {
          method: 'PUT',
          headers: { 'x-ms-blob-type': 'BlockBlob' },
          body: new Uint8Array(options.image),
        });
        if (put.status !== 201) throw new Error(`Storage refused the document PUT: ${put.status}`);
        await completeDocumentUpload(deps, recipient.id, { capsuleId, blobName: slot.blobName });
        return capsuleId;
      },

      /**
       * Contacts in the user's book, through the contacts service, each checked by the same
       * schema the server's calls parse: a seed the app would refuse fails here.
       */
      async contacts(userId: string, contacts: readonly SeedContact[]): Promise<Contact[]> {
        const created: Contact[] = [];
        for (const contact of contacts) {
          const input = contactInput.parse({
            phone: null,
            relationshipDetails: null,
            birthday: null,
            ...contact,
          });
          created.push(await createContact(deps, userId, input));
        }
        return created;
      },

      /**
       * Puts the user's capsules with those titles in a state a later issue's flow would reach
       * (a stored video, a deletion mark, a category). Only for arranging: the rules under test
       * never run through here. Answers how many capsules it changed.
       */
      async arrangeCapsules(userId: string, titles: readonly string[], patch: CapsuleArrangement) {
        if (titles.length === 0) return 0;
        const result = await database.db
          .updateTable('capsules')
          .set(patch)
          .where('ownerId', '=', userId)
          .where('title', 'in', [...titles])
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      },
    },

    /**
     * The scheduled sweeps, run when a test says (the portal registers no cron schedules, so an
     * arrangement is never overtaken by a run): the same functions the job handlers call.
     */
    sweeps: {
      /** capsules.deliver: every capsule whose time has come reaches its recipient. */
      deliver: () => deliverDueCapsules(deps),
      /** capsules.delivery-mail: the recipients' mails that are due by the app's clock. */
      mails: () => sendDueDeliveryMails(deps),
    },

    /** The operators' admin CLI, through the services its commands call (apps/server/src/cli). */
    admin: {
      /** `user:grant --email E --role operator`. */
      grantOperator: (email: string) => grantRole({ db: database.db, clock }, email, 'operator', 'e2e-admin'),
      /**
       * `verification:approve --id CAPSULE_ID`: the document Verified; the capsule opens when the
       * sender's objection window of `objectionDays` ends (0, the default here: at once).
       */
      approveDocument: (capsuleId: string, objectionDays = 0) =>
        reviewDocument(deps, capsuleId, { status: 'Verified' }, { operator: 'E2E Operator', objectionDays }),
    },

    /**
     * Ends the session a browser is signed in with, as the idle or age limit ends one: given
     * the browser's cookies (a Playwright context's), the session its session cookie names is
     * ended through the auth module's service, so its next call answers 401. Answers whether
     * there was a live session to end.
     */
    async endBrowserSession(cookies: ReadonlyArray<{ name: string; value: string }>): Promise<boolean> {
      const token = cookies.find((cookie) => cookie.name === sessionCookieName(deps))?.value;
      const session = await resolveSession(deps, token);
      if (!session) return false;
      await endSession(deps, session.id);
      return true;
    },

    /** What the portal holds, read through the services its screens' calls use. */
    read: {
      contacts: (userId: string): Promise<Contact[]> => listMyContacts(deps, userId),
      groups: (userId: string, type?: GroupRelationshipType): Promise<ContactGroup[]> =>
        listMyGroups(deps, userId, type),
      /** The user's capsule with that title; throws when there is none. */
      async capsule(userId: string, title: string): Promise<Capsule> {
        const query: CapsuleListQuery = { status: null, types: [], page: 1 };
        const { capsules } = await listMyCapsules(deps, userId, { ...query, pageSize: 1000 });
        const found = capsules.find((capsule) => capsule.title === title);
        if (!found) throw new Error(`No capsule titled ${title} for user ${userId}`);
        return found;
      },
    },

    async close() {
      await app.close();
      await queue.stop({ graceful: false });
      mailer.close();
      await catcher.stop();
      await blobs.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ServedPortal = Awaited<ReturnType<typeof startServedPortal>>;

export type { CameraVideo } from './camera-videos.js';

/**
 * The playback renditions of these camera and browser kinds, made as the review makes them: each
 * original (camera-videos.ts) in a blob store of its own, read over a read SAS by the media
 * module, the MP4 written to `dir` as `<kind>.mp4`. For the browser test that plays each one.
 */
export async function makeCameraRenditions(kinds: readonly CameraVideo[], dir: string): Promise<void> {
  const blobs = await startTestBlobStorage();
  try {
    for (const kind of kinds) {
      const original = await makeCameraVideo(kind);
      const ref = videoBlob({ ownerId: randomUUID(), capsuleId: randomUUID(), uploadId: newUploadId() });
      await blobs.storage.uploadBuffer(ref, original.bytes, original.contentType);
      const { url } = await blobs.storage.readSas(ref);
      await makeRendition(url, await probeVideo(url), { outputPath: path.join(dir, `${kind}.mp4`) });
    }
  } finally {
    await blobs.stop();
  }
}
