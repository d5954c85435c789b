import type { AnyTRPCRouter, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { createMetricsEndpoint, type TrpcFailure } from '../modules/metrics/index.js';

// GET /metrics in Prometheus's text format (modules/metrics), and the hook that counts every
// answer. Registered beside health.ts, before the cookie, CSRF and session plugins: a scrape
// reads no session and is no browser's write; the rate limit leaves non-API paths alone.

/** The same words whichever check failed, so a refusal says nothing about the configuration. */
const REFUSED = 'Metrics are not available to this client.';

/** tRPC calls that failed in each request, as tRPC's onError tells them (app.ts). */
const trpcFailures = new WeakMap<FastifyRequest, TrpcFailure[]>();

/** For tRPC's onError: which call of the request failed, and with what status, for its series. */
export function noteTrpcFailure(request: FastifyRequest, path: string | undefined, error: TRPCError): void {
  const failures = trpcFailures.get(request) ?? [];
  failures.push({ path, status: getHTTPStatusCodeFromError(error) });
  trpcFailures.set(request, failures);
}

/** Every procedure path of a router (tRPC keeps them flat in its definition). */
const procedurePaths = (router: AnyTRPCRouter): string[] => Object.keys(router._def.procedures);

export interface MetricsPluginOptions {
  deps: AppDeps;
  router: AnyTRPCRouter;
  /** Where tRPC is mounted, as app.ts registers it. */
  trpcPrefix: string;
}

export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsPluginOptions) => {
  const metrics = createMetricsEndpoint({
    deps: opts.deps,
    trpcPrefix: opts.trpcPrefix,
    procedures: procedurePaths(opts.router),
    log: { warn: (message) => app.log.warn(message), info: (message) => app.log.info(message) },
  });
  const trpcRoute = `${opts.trpcPrefix}/:path`;

  // Routes registered after this plugin (the API, the web client, the 404 handler) are counted.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const query = request.query as Record<string, unknown> | undefined;
    metrics.record({
      method: request.method,
      route,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
      trpc:
        route === trpcRoute
          ? {
              path: (request.params as { path?: string } | undefined)?.path ?? '',
              // As tRPC reads it: any value but none makes the path a comma-separated batch.
              batch: Boolean(query?.batch),
              failures: trpcFailures.get(request) ?? [],
            }
          : undefined,
    });
    done();
  });

  // Counting from the capsules' record starts here; without a database yet, at the first scrape.
  app.addHook('onReady', async () => {
    void metrics.start();
  });

  app.get('/metrics', async (request, reply) => {
    if (!metrics.mayRead(request.ip, request.headers.authorization)) {
      throw new AppError('FORBIDDEN', REFUSED);
    }
    const { contentType, body } = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
});
