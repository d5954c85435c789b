import { type AnyTRPCRouter, TRPCError } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance } from 'fastify';

// The tRPC routes, mounted through tRPC's own Fastify adapter (docs/decisions/028): its request
// parsing, batching, error shapes and streaming are tRPC's, so an upgrade within tRPC 11 needs
// nothing here. The adapter sets its own body parsers for JSON and multipart inside this scope;
// the app's parsers elsewhere are untouched (Fastify encapsulation).

/**
 * Methods Fastify routes but a Fetch Request cannot carry: the adapter would fail building the
 * request and answer 500. They get tRPC's own refusal of a method it does not serve, as PUT does.
 */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

export interface TrpcPluginOptions<TRouter extends AnyTRPCRouter> {
  trpcOptions: FastifyTRPCPluginOptions<TRouter>['trpcOptions'];
}

/** Registered with Fastify's prefix, e.g. `{ prefix: '/trpc' }`: answers `/trpc/:path`. */
export async function trpcPlugin<TRouter extends AnyTRPCRouter>(
  scope: FastifyInstance,
  { trpcOptions }: TrpcPluginOptions<TRouter>,
): Promise<void> {
  // Answered by tRPC's resolveResponse (its API for adapters) with the refusal, so the body has
  // the router's own error shape.
  scope.addHook('onRequest', async (request, reply) => {
    if (!FETCH_FORBIDDEN_METHODS.has(request.method)) return;
    const url = new URL(request.url, 'http://trpc.local');
    const response = await resolveResponse<TRouter>({
      router: trpcOptions.router,
      req: new Request(url, { method: 'GET' }),
      path: url.pathname.slice(url.pathname.lastIndexOf('/') + 1),
      error: new TRPCError({
        code: 'METHOD_NOT_SUPPORTED',
        message: `Unsupported ${request.method}-request`,
      }),
      createContext: async () => ({}) as never,
    });
    return reply.send(response);
  });
  await scope.register(fastifyTRPCPlugin, { trpcOptions } as FastifyTRPCPluginOptions<TRouter>);
}
