import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { TokenKeys } from './lib/tokens.js';
import type { Mailer } from './mail/mailer.js';

/** What services need from the outside world; built once in buildApp, replaced piecemeal in tests. */
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
