import { type AnyTRPCRouter, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { type HTTPBaseHandlerOptions, resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerJsonCalls, JSON_ANSWER_HEADERS, readJsonCalls } from './json-calls.js';

// The tRPC routes, mounted on Fastify. Two ways through, chosen per request:
// - The calls the web client makes (queries by GET, mutations by POST with a JSON body, answered
//   as JSON) go to json-calls.ts, which answers them as tRPC would with no Fetch objects
//   (decision 018).
// - Every other request goes to tRPC's own resolveResponse, the call its docs name for writing
//   an adapter (decision 017): streamed batches, HEAD, other methods and content types.
// tRPC's Fastify plugin does the second for every request, with more on the way: it copies the
// request into a Fetch Request with every header and an abort signal tied to the socket, and
// hands Fastify the Response to pipe through a web stream. Here a JSON answer goes out as one
// buffer with its length; anything else (a streamed batch) is still piped.
//
// What tRPC reads of the request is kept: the method, the path and query, the headers (content
// type, accept, trpc-accept) and the body. Left out is an abort signal tied to the socket: no
// procedure here takes one, and a query or mutation runs to its end as with the REST shims.

export interface TrpcHandlerOptions<TRouter extends AnyTRPCRouter>
  extends Pick<HTTPBaseHandlerOptions<TRouter, FastifyRequest>, 'router' | 'onError'> {
  /** Given the request and reply only: the answers of json-calls.ts have no tRPC `info`. */
  createContext: (opts: Pick<CreateFastifyContextOptions, 'req' | 'res'>) => unknown;
}

/** tRPC resolves the request from its path and query only; the origin is never read. */
const ORIGIN = 'http://trpc.local';

function fetchHeaders(incoming: FastifyRequest['headers']): Headers {
  const headers = new Headers();
  for (const name in incoming) {
    const value = incoming[name];
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/** Methods Fastify routes but a Fetch Request refuses to carry (its constructor throws). */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * The body as text: the route's parsers (below) leave it so; another parser's value goes as
 * JSON, as tRPC's plugin sends it.
 */
function bodyText(body: unknown): string | undefined {
  return body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
}

function fetchRequest(request: FastifyRequest, method: string): Request {
  const body = method === 'GET' || method === 'HEAD' ? undefined : bodyText(request.body);
  // An address URL cannot read never gets here: Fastify refuses it before routing (400,
  // FST_ERR_BAD_URL, answered by the app's frameworkErrors handler).
  const url = new URL(request.url, ORIGIN);
  return new Request(url, { method, headers: fetchHeaders(request.headers), body });
}

async function send(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  const type = response.headers.get('content-type');
  if (response.body === null || type === null || !type.startsWith('application/json')) {
    return reply.send(response);
  }
  reply.code(response.status);
  for (const [name, value] of response.headers) reply.header(name, value);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * Registered with Fastify's own prefix, e.g. `app.register(trpcHandlerPlugin, { prefix: '/trpc',
 * router, ... })`: answers `/trpc/:path` (a procedure, or a batch of them joined by commas).
 */
export async function trpcHandlerPlugin<TRouter extends AnyTRPCRouter>(
  scope: FastifyInstance,
  { router, createContext, onError }: TrpcHandlerOptions<TRouter>,
): Promise<void> {
  // tRPC parses its bodies itself (and answers its own error for bad JSON): these two types
  // reach it as text; any other keeps the app's parsers. tRPC's plugin passes a multipart body
  // as its raw bytes, so a binary part would differ here; none gets this far in the app, whose
  // request guard (plugins/request-guard.ts) takes only JSON writes.
  for (const type of ['application/json', 'multipart/form-data']) {
    scope.removeContentTypeParser(type);
    scope.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }

  scope.all('/:path', async (request, reply) => {
    const path = (request.params as { path: string }).path;
    const { method, url, headers, body } = request;
    const calls = readJsonCalls(router, { method, url, headers, body, path });
    if (calls) {
      const answer = await answerJsonCalls(calls, {
        router,
        req: request,
        createContext: () => createContext({ req: request, res: reply }),
        onError,
      });
      // As a buffer: a JSON string would get `; charset=utf-8` added, which tRPC's answers lack.
      return reply.code(answer.status).headers(JSON_ANSWER_HEADERS).send(Buffer.from(answer.body));
    }
    // Such a method gets tRPC's own refusal of a method it does not serve (405), as PUT does,
    // not a 500 from the Request constructor (tRPC's plugin answers TRACE with one).
    const forbidden = FETCH_FORBIDDEN_METHODS.has(request.method);
    const response = await resolveResponse<TRouter>({
      router,
      req: fetchRequest(request, forbidden ? 'GET' : request.method),
      path,
      error: forbidden
        ? new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: `Unsupported ${request.method}-request` })
        : null,
      createContext: async () => createContext({ req: request, res: reply }),
      onError: onError && ((o) => onError({ ...o, req: request })),
    });
    return send(reply, response);
  });
}
