// Errors that mean "the database is away right now" (a restart, a failover, a full pool, a
// network cut), as opposed to a bad query. Those answer 503 and the request may be retried;
// anything else is a defect and answers 500.

// SQLSTATE class 08 (connection exception) and the shutdown / too-many-connections codes.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '53400']);
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg and pg-pool raise these as plain Errors without a code.
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection (?:is )?(?:closed|ended)/i,
  /not queryable/i,
  /cannot use a pool after calling end/i,
  /client was closed/i,
  /pglite is closed/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (!(e instanceof Error)) return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.some((re) => re.test(e instanceof Error ? e.message : ''))) return true;
    // AggregateError (a dual-stack connect that failed on every address) and wrapped causes.
    const inner = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.some(isDatabaseUnavailable)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `step` until it succeeds, waiting (500 ms, doubling to 10 s) while it fails because the
 * database is away: a process that starts while its database restarts or fails over waits for
 * it instead of exiting. Any other failure is thrown at once, as is the last one once `giveUp`
 * says so (the process is closing). `step` must be safe to run again after a failure.
 */
export async function retryWhileUnavailable<T>(
  step: () => Promise<T>,
  onWait: (error: Error, retryInMs: number) => void,
  giveUp: () => boolean = () => false,
): Promise<T> {
  for (let delay = 500; ; delay = Math.min(delay * 2, 10_000)) {
    try {
      return await step();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || giveUp()) throw error;
      onWait(error as Error, delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
