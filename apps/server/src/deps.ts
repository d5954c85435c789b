import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { type Clock, systemClock } from './lib/clock.js';
import { deriveKeys, type TokenKeys } from './lib/tokens.js';
import type { Mailer } from './mail/mailer.js';

/** What services need from the outside world; built by createAppDeps, the one place that assembles it. */
export interface AppDeps {
  config: Readonly<Config>;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  keys: TokenKeys;
}

/** Who is asking, as far as the transport knows. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/**
 * The one way to assemble AppDeps, for the server, the integration tests and the browser tests
 * alike: the keys always derive from the config's secret; only the clock may be swapped.
 */
export function createAppDeps(parts: {
  config: Readonly<Config>;
  db: Db;
  mailer: Mailer;
  clock?: Clock;
}): AppDeps {
  return {
    config: parts.config,
    db: parts.db,
    mailer: parts.mailer,
    clock: parts.clock ?? systemClock,
    keys: deriveKeys(parts.config.sessionSecret),
  };
}
