import { Registry } from 'prom-client';
import type { AppDeps } from '../../deps.js';
import { JOBS } from '../../jobs/catalogue.js';
import { metricsAccess } from './access.js';
import { createDatabaseMetrics, type DatabaseMetricsLogger } from './database-metrics.js';
import { createHttpMetrics } from './http-metrics.js';
import { processMetrics, registerPoolMetrics } from './pool-metrics.js';

export interface MetricsEndpointOptions {
  deps: AppDeps;
  /** Where tRPC is mounted ('/trpc'): its one Fastify route is `${prefix}/:path`. */
  trpcPrefix: string;
  /** Every procedure path of the router: any other name a client sends is one label. */
  procedures: Iterable<string>;
  log: DatabaseMetricsLogger;
}

/**
 * Everything /metrics answers for one app: its HTTP series and pools (this process), the
 * service's state read from the database, the events AppDeps.metrics counted, Node's series.
 * A registry per app, never prom-client's global one: a process may build several apps.
 */
export function createMetricsEndpoint(options: MetricsEndpointOptions) {
  const { deps } = options;
  const registry = new Registry();
  const http = createHttpMetrics(registry, {
    trpcRoute: `${options.trpcPrefix}/:path`,
    trpcPrefix: options.trpcPrefix,
    procedures: new Set(options.procedures),
  });
  registerPoolMetrics(registry, deps);
  const database = createDatabaseMetrics({ deps, registry, queues: Object.keys(JOBS), log: options.log });
  const mayRead = metricsAccess(deps.config.metricsAllow, deps.config.metricsToken);

  return {
    record: http.record,
    /** Whether a client at `ip` with that Authorization header may read the metrics. */
    mayRead,
    start: database.start,
    /** The text Prometheus reads, and its content type. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      const all = Registry.merge([registry, deps.metrics.registry, processMetrics()]);
      return { contentType: all.contentType, body: await all.metrics() };
    },
  };
}

export type MetricsEndpoint = ReturnType<typeof createMetricsEndpoint>;
