import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { AppDeps } from './deps.js';
import { AppError, ERROR_TEXTS } from './errors.js';
import { firstPagePlugin, loadFirstPageRendering } from './first-page/plugin.js';
import { loggerOptions } from './lib/logging.js';
import { isApiPath } from './lib/paths.js';
import {
  clientErrorHandler,
  errorHandlerPlugin,
  frameworkErrorHandler,
  NOT_FOUND_BODY,
} from './plugins/error-handler.js';
import { healthPlugin } from './plugins/health.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { metricsPlugin, noteTrpcFailure } from './plugins/metrics.js';
import { requestGuardPlugin } from './plugins/request-guard.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { computeSecurityHeaders, securityHeadersPlugin } from './plugins/security-headers.js';
import { sessionPlugin } from './plugins/session.js';
import { type StartupGate, startupGatePlugin } from './plugins/startup-gate.js';
import { sendIndexHtml, webClientPlugin } from './plugins/web-client.js';
import { registerRestShims } from './rest/index.js';
import { type AppRouter, createAppRouter } from './trpc/app-router.js';
import { makeContextFactory } from './trpc/context.js';
import { trpcPlugin } from './trpc/plugin.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
/** The web app's server build, with which signed-in pages are rendered here (first-page/). */
const WEB_SERVER_ENTRY = fileURLToPath(new URL('../../web/dist-ssr/entry-server.js', import.meta.url));

/** A hop count trusts that many proxies nearest to us (what proxy-addr does with a number). */
const trustProxyOption = (setting: AppDeps['config']['trustProxy']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

export interface BuildAppOptions {
  /** Serve the built web client from apps/web/dist (when it exists). Default true. */
  serveWeb?: boolean;
  logger?: boolean;
  /** API calls answer 503 until this gate opens (server.ts: once migrated). Default: open. */
  startupGate?: StartupGate;
}

/** Builds the whole HTTP app on the given deps. It never listens: server.ts and tests do. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const securityHeaders = computeSecurityHeaders(deps.config, deps.storage.endpoint);
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(deps.config),
    // plugins/request-log.ts writes the one line per request.
    logController: new LogController({ disableRequestLogging: true }),
    // Forwarded headers only from the proxies the deployment names (TRUST_PROXY).
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // tRPC batches put many procedure names in one path segment.
    routerOptions: { maxParamLength: 5000, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Refusals made before routing (bad percent-encoding, over-long parameter) answer like any other.
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
  });

  await app.register(securityHeadersPlugin, { headers: securityHeaders });
  await app.register(requestLogPlugin, { level: deps.config.isProduction ? 'info' : 'debug' });
  await app.register(errorHandlerPlugin);
  if (options.startupGate) await app.register(startupGatePlugin, { gate: options.startupGate });
  await app.register(fastifyRateLimit, {
    max: deps.config.apiRateLimit,
    timeWindow: '1 minute',
    // The pages the server renders count too: each runs the session and data statements. By
    // the route matched, so that /dashboard/ or a percent-encoded spelling counts as well.
    allowList: (request) => !isApiPath(request.url) && !request.routeOptions.config.rendersPage,
    // Thrown into the error handler, so the 429 has our body; the plugin sets Retry-After.
    errorResponseBuilder: (_req, ctx) =>
      new AppError('TOO_MANY', ERROR_TEXTS.tooMany(Math.max(1, Math.ceil(ctx.ttl / 1000)))),
  });
  await app.register(healthPlugin, { db: deps.db });
  const appRouter = createAppRouter(deps);
  await app.register(metricsPlugin, { deps, router: appRouter, trpcPrefix: '/trpc' });
  await app.register(fastifyCookie);
  await app.register(requestGuardPlugin, { publicUrl: deps.config.publicUrl });
  await app.register(jsonBodyPlugin);
  await app.register(inputGuardPlugin);
  await app.register(sessionPlugin, { deps });

  await app.register(trpcPlugin<AppRouter>, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: makeContextFactory(deps),
      onError({ error, path, req }) {
        noteTrpcFailure(req, path, error);
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC call failed');
        if (error.code === 'SERVICE_UNAVAILABLE') app.log.warn(`database unavailable (${path})`);
      },
    },
  });
  registerRestShims(app, deps);

  const serveWeb = (options.serveWeb ?? true) && existsSync(WEB_DIST);
  if (serveWeb) await app.register(webClientPlugin, { root: WEB_DIST });
  if (serveWeb && existsSync(WEB_SERVER_ENTRY)) {
    // Without it (not built, or broken) every page is drawn in the browser, as before.
    const rendering = await loadFirstPageRendering(WEB_DIST, WEB_SERVER_ENTRY).catch((error: unknown) => {
      app.log.error({ err: error }, 'signed-in pages will not be rendered on the server');
      return null;
    });
    if (rendering) await app.register(firstPagePlugin, { deps, router: appRouter, rendering });
  }
  // Unknown API paths answer JSON (without echoing the address); any other GET is a client
  // route of the single-page app.
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && request.method === 'GET' && !isApiPath(request.url)) {
      return sendIndexHtml(reply);
    }
    return reply.code(404).send(NOT_FOUND_BODY);
  });
  return app;
}
