import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { requestGuardPlugin } from './plugins/request-guard.js';
import { sessionPlugin } from './plugins/session.js';
import { registerRestShims } from './rest/index.js';
import { type AppRouter, appRouter } from './trpc/app-router.js';
import { makeContextFactory } from './trpc/context.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const isApiPath = (url: string) => url.startsWith('/api') || url.startsWith('/trpc');

export interface BuildAppOptions {
  /** Serve the built web client from apps/web/dist (when it exists). Default true. */
  serveWeb?: boolean;
  logger?: boolean;
}

/** Builds the whole HTTP app on the given deps. It never listens: server.ts and tests do. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: deps.config.logLevel },
    trustProxy: deps.config.isProduction,
    // tRPC batches put many procedure names in one path segment.
    routerOptions: { maxParamLength: 5000, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  });

  await app.register(errorHandlerPlugin);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: [
          "'self'",
          'blob:',
          'https:',
          ...(deps.config.isProduction ? [] : ['http://127.0.0.1:10000']),
        ],
        connectSrc: ["'self'", 'https:', ...(deps.config.isProduction ? [] : ['http://127.0.0.1:10000'])],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: deps.config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    strictTransportSecurity: deps.config.publicUrl.startsWith('https://'),
  });
  await app.register(fastifyRateLimit, {
    max: deps.config.apiRateLimit,
    timeWindow: '1 minute',
    allowList: (request) => !isApiPath(request.url),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: `Too many requests. Please try again in ${ctx.after}.`,
    }),
  });
  await app.register(fastifyCookie);
  await app.register(requestGuardPlugin, { publicUrl: deps.config.publicUrl });
  await app.register(sessionPlugin, { deps });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: makeContextFactory(deps),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC call failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  registerRestShims(app, deps);

  const serveWeb = (options.serveWeb ?? true) && existsSync(WEB_DIST);
  if (serveWeb) {
    await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: 'index.html' });
  }
  // Unknown API paths answer JSON; any other GET is a client route of the single-page app.
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && request.method === 'GET' && !isApiPath(request.url)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
  return app;
}
