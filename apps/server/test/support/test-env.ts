// The one place tests read the environment (the lint rule bans process.env elsewhere).
const env = process.env;

export const testEnv = {
  /** A PostgreSQL server for the integration tests; unset runs them on PGlite only. */
  databaseUrl: env.DATABASE_URL?.trim() || undefined,
  chromiumPath: env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium',
  /** Passed on to child processes (the CLI) so they find their tools. */
  path: env.PATH ?? '',
};
