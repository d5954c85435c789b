// What is measured, each as one GET a browser or the legacy client sends.
const LIST_INPUT = { status: null, types: [], page: 1 };
const batchInput = (inputs) => encodeURIComponent(JSON.stringify(inputs));

export const TARGETS = [
  { key: 'ping', name: 'bare Fastify `GET /ping` (no database)', on: 'minimal', path: '/ping' },
  {
    key: 'minimal',
    name: 'minimal database route (`pg`, 1 statement)',
    on: 'minimal',
    path: '/page',
  },
  {
    key: 'restList',
    name: 'REST `GET /api/capsules?page=1`',
    on: 'app',
    path: '/api/capsules?page=1',
    list: true,
  },
  {
    key: 'trpcList',
    name: 'tRPC `capsules.list`',
    on: 'app',
    // The web client's httpBatchLink sends one call as a batch of one.
    path: `/trpc/capsules.list?batch=1&input=${batchInput({ 0: LIST_INPUT })}`,
    list: true,
  },
  { key: 'restCounts', name: 'REST `GET /api/capsules/counts`', on: 'app', path: '/api/capsules/counts' },
  {
    key: 'dashboard',
    name: 'tRPC dashboard batch (counts, subscription, list)',
    on: 'app',
    // What /dashboard asks in one request: StatsStrip, PlanSummary and MyCapsules' queries.
    path: `/trpc/capsules.counts,subscriptions.current,capsules.list?batch=1&input=${batchInput({ 2: LIST_INPUT })}`,
  },
  { key: 'loginStatus', name: 'REST `GET /api/login-status`', on: 'app', path: '/api/login-status' },
  {
    key: 'signedOut',
    name: 'REST `GET /api/login-status` signed out (no database)',
    on: 'app',
    path: '/api/login-status',
    // No cookie: every plugin of the app runs (security headers, flood guard, cookies, the
    // session hook) but no statement does, so beside the bare /ping it shows what the app's
    // own request path costs, and beside loginStatus what one session statement costs.
    signedOut: true,
  },
  {
    key: 'restDelivery',
    name: 'REST `GET /api/capsules?page=1&sortby=delivery`',
    on: 'app',
    path: '/api/capsules?page=1&sortby=delivery',
    list: true,
  },
];

/** The headers one request of `target` carries: the bench account's cookie on the app. */
export const targetHeaders = (target, cookie) => (target.on === 'app' && !target.signedOut ? { cookie } : {});

/** The lists whose p99 is also measured at half their own maximum rate (the goal: p99 ≤ 25 ms there). */
export const HALF_RATE_KEYS = ['restList', 'trpcList'];

/**
 * Measured again, in this order, in each further round of the ratio goal: the baseline and the
 * two lists whose req/s is a fraction of it (bench.mjs, report.mjs).
 */
export const RATIO_KEYS = ['minimal', 'restList', 'trpcList'];

/**
 * The lists measured again on the app started with kept shims off (docs/decisions/028), right
 * after the shims-on app's in each round, and at the shims-on app's half rate (bench.mjs,
 * report.mjs).
 */
export const SHIM_KEYS = ['restList', 'trpcList'];

/**
 * The other targets of the 1M/1k latency goal, measured again in each further round too, so
 * that their ratio is a median like the lists' (since 27 Nov 2026; a single 5-second run moved
 * even the bare /ping's p50 by 1.45 between the two halves of one run).
 */
export const LATENCY_ROUND_KEYS = ['restCounts', 'dashboard', 'restDelivery'];

/** Everything a further round measures, in order. */
export const ROUND_KEYS = [...RATIO_KEYS, ...LATENCY_ROUND_KEYS];
