import { initTRPC, TRPCError } from '@trpc/server';
import { type CreateFastifyContextOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcHandlerPlugin } from './fastify-handler.js';

// The handler must answer every request exactly as tRPC's own Fastify plugin does (status,
// body, the headers tRPC sets), only with less work: each case below goes to both.

const createContext = ({ req }: CreateFastifyContextOptions) => ({ caller: req.headers['x-caller'] ?? null });
// As the app: no stack traces in answers, so both answers are comparable text.
const t = initTRPC.context<ReturnType<typeof createContext>>().create({ isDev: false });
const router = t.router({
  echo: t.procedure
    .input(z.object({ text: z.string().max(5) }))
    .query(({ input, ctx }) => ({ ...input, ctx })),
  whoami: t.procedure.query(({ ctx }) => ctx.caller),
  save: t.procedure.input(z.object({ n: z.number() })).mutation(({ input }) => ({ saved: input.n })),
  refuse: t.procedure.query(() => {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Not yours' });
  }),
  crash: t.procedure.query(() => {
    throw new Error('database on fire');
  }),
});

const errors: string[][] = [];
async function build(kind: 'ours' | 'tRPC'): Promise<FastifyInstance> {
  const app = Fastify();
  const onError = ({ path, error }: { path?: string; error: TRPCError }) =>
    void errors.push([kind, String(path), error.code]);
  if (kind === 'ours') {
    await app.register(trpcHandlerPlugin, { prefix: '/trpc', router, createContext, onError });
  } else {
    await app.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: { router, createContext, onError },
    });
  }
  return app;
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const A_QUERY: InjectOptions = { method: 'GET', url: `/trpc/echo?input=${input({ text: 'hi' })}` };
const CASES: [string, InjectOptions][] = [
  ['a query', A_QUERY],
  ['a batch', { method: 'GET', url: `/trpc/echo,whoami?batch=1&input=${input({ 0: { text: 'a' } })}` }],
  [
    'the context from the Fastify request',
    { method: 'GET', url: '/trpc/whoami', headers: { 'x-caller': 'ada' } },
  ],
  ['an input refused', { method: 'GET', url: `/trpc/echo?input=${input({ text: 'too long' })}` }],
  ['unreadable input', { method: 'GET', url: '/trpc/echo?input=%7Bnot-json' }],
  ['a batch with a refusal in it', { method: 'GET', url: `/trpc/whoami,refuse?batch=1` }],
  ['a thrown error', { method: 'GET', url: '/trpc/crash' }],
  ['an unknown procedure', { method: 'GET', url: '/trpc/nothing.here' }],
  ['a mutation', { method: 'POST', url: '/trpc/save', payload: { n: 7 } }],
  [
    'a batched mutation',
    { method: 'POST', url: '/trpc/save?batch=1', payload: { 0: { n: 1 }, 1: { n: 'x' } } },
  ],
  [
    'malformed JSON',
    { method: 'POST', url: '/trpc/save', payload: '{"n":', headers: { 'content-type': 'application/json' } },
  ],
  ['a mutation without a body', { method: 'POST', url: '/trpc/save' }],
  [
    'a mutation sent as text',
    { method: 'POST', url: '/trpc/save', payload: '{"n":1}', headers: { 'content-type': 'text/plain' } },
  ],
  ['a mutation by GET', { method: 'GET', url: `/trpc/save?input=${input({ n: 1 })}` }],
  ['a query by POST', { method: 'POST', url: '/trpc/echo', payload: { text: 'x' } }],
  ['PUT', { method: 'PUT', url: '/trpc/save', payload: { n: 1 } }],
  ['HEAD', { method: 'HEAD', url: '/trpc/whoami' }],
  [
    'a streamed batch (JSON lines)',
    { method: 'GET', url: '/trpc/whoami,refuse?batch=1', headers: { 'trpc-accept': 'application/jsonl' } },
  ],
];

describe('the tRPC handler, beside tRPC’s own Fastify plugin', () => {
  let ours: FastifyInstance;
  let theirs: FastifyInstance;
  beforeAll(async () => {
    [ours, theirs] = await Promise.all([build('ours'), build('tRPC')]);
  });
  afterAll(async () => {
    await Promise.all([ours.close(), theirs.close()]);
  });

  it.each(CASES)('answers %s as tRPC’s plugin does', async (_name, request) => {
    const [a, b] = await Promise.all([ours.inject(request), theirs.inject(request)]);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    for (const header of ['content-type', 'vary']) expect(a.headers[header]).toBe(b.headers[header]);
  });

  it('sends a JSON answer as one body with its length, not chunked', async () => {
    const response = await ours.inject(A_QUERY);
    expect(response.json()).toEqual({ result: { data: { text: 'hi', ctx: { caller: null } } } });
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)));
    expect(response.headers['transfer-encoding']).toBeUndefined();
  });

  it('refuses TRACE, which a Fetch request cannot carry, as tRPC refuses PUT (405), not with a 500', async () => {
    const response = await ours.inject({ method: 'TRACE', url: '/trpc/whoami' });
    expect(response.statusCode).toBe(405);
    expect(response.json().error).toMatchObject({
      message: 'Unsupported TRACE-request',
      data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405, path: 'whoami' },
    });
  });

  it('reports each failed call to onError with its path and code', async () => {
    errors.length = 0;
    await ours.inject({ method: 'GET', url: '/trpc/whoami,refuse,crash?batch=1' });
    expect(errors).toEqual([
      ['ours', 'refuse', 'FORBIDDEN'],
      ['ours', 'crash', 'INTERNAL_SERVER_ERROR'],
    ]);
  });
});
