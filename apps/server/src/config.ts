import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { KEPT_SHIM_NAMES, type KeptShimName, type KeptShims, keptShimsWithout } from './kept-shims.js';

// The environment is read here once, validated, and frozen. No other file reads process.env
// (a lint rule enforces it), so every setting has one name, one default and one check.

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

// Which peers may tell us the client's address in X-Forwarded-For: none by default (the app
// faces the internet), a hop count behind a known chain of proxies, or a list of proxy
// addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal). Trusting
// everyone would let any client pick its own IP and dodge every per-IP limit.
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyEntry = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  if (bits === undefined) return PROXY_NAMES.has(address) || isIP(address) !== 0;
  const max = isIP(address) === 4 ? 32 : isIP(address) === 6 ? 128 : -1;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};
const trustProxySchema = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === 'none') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyEntry)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'expected a hop count or a comma-separated list of proxy addresses or CIDR ranges',
    });
    return z.NEVER;
  });

// The kept shims to turn off (kept-shims.ts): names separated by commas, or 'all'. A name not
// known is refused at start, naming the known ones, so a typo cannot leave a shim quietly on.
const keptShimsOffSchema = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): KeptShims => {
    const names = value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (names.includes('all')) return keptShimsWithout(KEPT_SHIM_NAMES);
    const unknown = names.filter((name) => !(KEPT_SHIM_NAMES as string[]).includes(name));
    if (unknown.length === 0) return keptShimsWithout(names as KeptShimName[]);
    ctx.addIssue({
      code: 'custom',
      message: `unknown kept shim ${unknown.map((name) => `'${name}'`).join(', ')}; known: ${KEPT_SHIM_NAMES.join(', ')} (or all)`,
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('.data'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Legacy Capsule <no-reply@legacycapsule.local>'),
  SESSION_SECRET: z.string().optional(),
  AZURE_STORAGE_CONNECTION_STRING: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_USER: z.enum(['on', 'off']).default('on'),
  /** Requests per minute per client IP on /api and /trpc (a flood guard; sign-in has its own limits). */
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  MAIL_INBOX_PORT: z.coerce.number().int().min(1).max(65535).default(1080),
  MAIL_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(1025),
  AZURITE_PORT: z.coerce.number().int().min(1).max(65535).default(10000),
  SHOP_URL: z.url().default('https://legacycapsule.com/shop'),
  /** The card provider's webhook signing secret ('whsec_...'); unset: the webhook refuses every event. */
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  /** The card provider's API key; only for reading a checkout's line items it did not send (modules/commerce). */
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  /** Another address for the provider's API (a local stripe-mock, the tests' fake); unset: the provider's own. */
  STRIPE_API_URL: optionalUrl,
  /** Days a lapsed storage plan keeps its capsules before they are marked To_Delete. */
  STORAGE_GRACE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TRUST_PROXY: trustProxySchema,
  /** Whether the web process runs job handlers; off when separate workers (worker.ts) run them. */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** Days the sender may object after a recipient's document is verified (0: it opens at once). */
  OBJECTION_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  /**
   * On SIGTERM, seconds /readyz answers 503 while requests are still served, before the listener
   * closes: behind a balancer, at least its health-check interval times its fall count.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  /** An operator's session ends after this many idle minutes (the shorter of this and SESSION_IDLE_MINUTES). */
  OPERATOR_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** Who may read /metrics: addresses or CIDR ranges, comma-separated (empty: none by address). */
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** A bearer token that also opens /metrics (at least 16 characters; unset: address only). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Days a referral's commission waits (the refund window) before the daily sweep approves it. */
  AFFILIATE_HOLDING_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** The business system (Odoo) the sync pushes to; all four or none (modules/sync). */
  ODOO_URL: optionalUrl,
  ODOO_DB: z.string().trim().optional(),
  ODOO_USER: z.string().trim().optional(),
  ODOO_API_KEY: z.string().trim().optional(),
  /** How long one call to Odoo may take before it counts as failed. */
  ODOO_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Who is told when a fixity check finds a stored video or document missing or changed (comma-separated). */
  OPERATOR_EMAILS: z
    .string()
    .trim()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.email())),
  /**
   * Blob soft delete: how many days a deleted or overwritten blob stays recoverable (0: leave the
   * account's setting alone). Longer than the database's 35-day point-in-time window, so a
   * database restored to any moment in it finds every blob it names.
   */
  BLOB_SOFT_DELETE_DAYS: z.coerce.number().int().min(0).max(365).default(42),
  /** Kept shims to turn off, e.g. 'token-cache,sas-cache' or 'all' (kept-shims.ts; decision 028). */
  KEPT_SHIMS_OFF: keptShimsOffSchema,
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /**
   * Whether each REST answer is read back against its documented schema before it is sent
   * (rest/answer-check.ts): everywhere but production, where the check's cost is not paid.
   */
  checkRestAnswers: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  azureStorageConnectionString: string | undefined;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  logLevel: string;
  demoUser: boolean;
  mailInboxPort: number;
  /** The embedded mail catcher's SMTP port (development, without SMTP_URL). */
  mailSmtpPort: number;
  /** The embedded Azurite's blob port (development, without AZURE_STORAGE_CONNECTION_STRING). */
  azuritePort: number;
  apiRateLimit: number;
  /** The store's page, where capsules are bought: the web client links to it. */
  shopUrl: string;
  /** Verifies the card provider's webhook events (STRIPE_WEBHOOK_SECRET); undefined: none accepted. */
  stripeWebhookSecret: string | undefined;
  stripeSecretKey: string | undefined;
  /** STRIPE_API_URL: where the provider's API is asked (undefined: the provider's own address). */
  stripeApiUrl: string | undefined;
  /** Grace of a lapsed storage plan, in days (STORAGE_GRACE_DAYS, default 90). */
  storageGraceDays: number;
  /** OPERATOR_EMAILS: told of fixity failures; empty: the failures are logged and listed only. */
  operatorEmails: string[];
  /** BLOB_SOFT_DELETE_DAYS: blob soft delete turned on at start for this many days (0: not touched). */
  blobSoftDeleteDays: number;
  /** Fastify's trustProxy: false, a hop count, or the trusted proxy addresses. */
  trustProxy: false | number | string[];
  /** The web process runs job handlers and schedules (JOBS=on); it sends jobs either way. */
  jobs: boolean;
  /** Days a referral stays pending before its commission is approved (AFFILIATE_HOLDING_DAYS, default 30). */
  affiliateHoldingDays: number;
  /** The sender's objection window after a document is verified (OBJECTION_DAYS, default 7; 0: none). */
  objectionDays: number;
  /** SHUTDOWN_DRAIN_SECONDS: out of the balancer's rotation this long before closing (0: at once). */
  shutdownDrainSeconds: number;
  /** OPERATOR_IDLE_MINUTES: an operator's idle limit (docs/operations/operators.md). */
  operatorIdleMinutes: number;
  /** METRICS_ALLOW: addresses or CIDR ranges that may read /metrics. */
  metricsAllow: string[];
  /** METRICS_TOKEN: a bearer token that may read /metrics from anywhere; undefined: none. */
  metricsToken: string | undefined;
  /** Where the sync pushes (modules/sync); null: not configured, records stay pending. */
  odoo: OdooConfig | null;
  /**
   * Which kept shims run (kept-shims.ts); KEPT_SHIMS_OFF turns them off, so the library is asked
   * every time. All on by default.
   */
  keptShims: KeptShims;
}

export interface OdooConfig {
  url: string;
  db: string;
  user: string;
  apiKey: string;
  timeoutMs: number;
}

const ODOO_SETTINGS = ['ODOO_URL', 'ODOO_DB', 'ODOO_USER', 'ODOO_API_KEY'] as const;

/** All four settings or none: half a configuration is a mistake to report, not to run with. */
function odooConfig(e: z.infer<typeof envSchema>): OdooConfig | null {
  const missing = ODOO_SETTINGS.filter((name) => !e[name]);
  if (missing.length === ODOO_SETTINGS.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')} must be set with the other ODOO_ settings`,
    );
  }
  return {
    url: (e.ODOO_URL ?? '').replace(/\/$/, ''),
    db: e.ODOO_DB ?? '',
    user: e.ODOO_USER ?? '',
    apiKey: e.ODOO_API_KEY ?? '',
    timeoutMs: e.ODOO_TIMEOUT_SECONDS * 1000,
  };
}

export class ConfigError extends Error {}

// In production every outside service must be named: an embedded default there would quietly
// keep irreplaceable capsules in a local folder.
const REQUIRED_IN_PRODUCTION = [
  'PUBLIC_URL',
  'DATABASE_URL',
  'SMTP_URL',
  'SESSION_SECRET',
  'AZURE_STORAGE_CONNECTION_STRING',
] as const;

/** A development secret is generated once and kept in the data folder, so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) {
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (!e[name]) throw new ConfigError(`Invalid configuration: ${name} is required in production`);
    }
    if ((e.SESSION_SECRET ?? '').length < 32) {
      throw new ConfigError('Invalid configuration: SESSION_SECRET must be at least 32 characters');
    }
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    isProduction,
    checkRestAnswers: !isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl: publicUrl.replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret:
      e.SESSION_SECRET && e.SESSION_SECRET.length >= 32 ? e.SESSION_SECRET : localSecret(dataDir),
    azureStorageConnectionString: e.AZURE_STORAGE_CONNECTION_STRING || undefined,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    logLevel: e.LOG_LEVEL,
    demoUser: e.DEMO_USER === 'on' && !isProduction,
    mailInboxPort: e.MAIL_INBOX_PORT,
    mailSmtpPort: e.MAIL_SMTP_PORT,
    azuritePort: e.AZURITE_PORT,
    apiRateLimit: e.API_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    shopUrl: e.SHOP_URL,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
    stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
    stripeApiUrl: e.STRIPE_API_URL,
    storageGraceDays: e.STORAGE_GRACE_DAYS,
    operatorEmails: e.OPERATOR_EMAILS,
    blobSoftDeleteDays: e.BLOB_SOFT_DELETE_DAYS,
    jobs: e.JOBS === 'on',
    affiliateHoldingDays: e.AFFILIATE_HOLDING_DAYS,
    objectionDays: e.OBJECTION_DAYS,
    operatorIdleMinutes: e.OPERATOR_IDLE_MINUTES,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    metricsAllow: e.METRICS_ALLOW,
    metricsToken: e.METRICS_TOKEN || undefined,
    odoo: odooConfig(e),
    keptShims: e.KEPT_SHIMS_OFF,
  });
}
