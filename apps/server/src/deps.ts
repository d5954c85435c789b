import type { Config } from './config.js';
import { type CompiledStatements, createCompiledStatements } from './db/compiled-statements.js';
import type { Db } from './db/database.js';
import type { AppJobs } from './jobs/catalogue.js';
import type { JobQueue } from './jobs/queue.js';
import { type Clock, systemClock } from './lib/clock.js';
import { deriveKeys, type TokenKeys } from './lib/tokens.js';
import type { Mailer } from './mail/mailer.js';
import { type MediaTools, systemMediaTools } from './modules/media/index.js';
import { createServiceMetrics, type ServiceMetrics } from './modules/metrics/index.js';
import type { BlobStorage } from './modules/storage/index.js';

/** What a service may do with the job queue: send, inside its own transaction (jobs/README.md). */
export type JobSender = Pick<JobQueue<AppJobs>, 'send'>;

/** What services need from the outside world; built by createAppDeps, the one place that assembles it. */
export interface AppDeps {
  config: Readonly<Config>;
  db: Db;
  /** The statements every request sends, compiled once (kept shim 'compiled-statements'). */
  statements: CompiledStatements;
  mailer: Mailer;
  clock: Clock;
  keys: TokenKeys;
  /** Blob storage: Azure in production, Azurite in development and tests (modules/storage). */
  storage: BlobStorage;
  /** The job queue's send; where handlers run is the process's business (jobs/README.md). */
  jobs: JobSender;
  /** ffprobe and ffmpeg (modules/media), for the review job. */
  media: MediaTools;
  /** Counters of what this process did that no row tells cheaply (modules/metrics); /metrics serves them. */
  metrics: ServiceMetrics;
}

/** Who is asking, as far as the transport knows. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/**
 * The one way to assemble AppDeps, for the server, the worker, the integration tests and the
 * browser tests alike: the keys always derive from the config's secret; the clock and the media
 * tools may be swapped (tests), storage and the job queue are the caller's (each process opens its own).
 */
export function createAppDeps(parts: {
  config: Readonly<Config>;
  db: Db;
  mailer: Mailer;
  storage: BlobStorage;
  jobs: JobSender;
  clock?: Clock;
  media?: MediaTools;
}): AppDeps {
  return {
    config: parts.config,
    db: parts.db,
    statements: createCompiledStatements({ keep: parts.config.keptShims['compiled-statements'] }),
    mailer: parts.mailer,
    clock: parts.clock ?? systemClock,
    keys: deriveKeys(parts.config.sessionSecret, { keepVerified: parts.config.keptShims['token-cache'] }),
    storage: parts.storage,
    jobs: parts.jobs,
    media: parts.media ?? systemMediaTools,
    metrics: createServiceMetrics(),
  };
}
