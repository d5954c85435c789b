import { initTRPC, TRPCError } from '@trpc/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcPlugin } from './plugin.js';

// The wire behaviours the web client relies on, through tRPC's own Fastify adapter.
const t = initTRPC.create();
const router = t.router({
  echo: t.procedure.input(z.object({ text: z.string() })).query(({ input }) => input.text),
  refuse: t.procedure.query(() => {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'no' });
  }),
  crash: t.procedure.query(() => {
    throw new Error('boom');
  }),
  save: t.procedure.input(z.object({ n: z.number() })).mutation(({ input }) => input.n + 1),
});

describe('tRPC over its Fastify adapter', () => {
  let app: FastifyInstance;
  const reports: Array<[string | undefined, string]> = [];

  beforeAll(async () => {
    app = Fastify({ routerOptions: { maxParamLength: 5000 } });
    await app.register(trpcPlugin<typeof router>, {
      prefix: '/trpc',
      trpcOptions: { router, onError: ({ path, error }) => reports.push([path, error.code]) },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a GET batch call by call, each with its own result or error', async () => {
    reports.length = 0;
    const input = encodeURIComponent(JSON.stringify({ 0: { text: 'hi' } }));
    const response = await app.inject({
      method: 'GET',
      url: `/trpc/echo,refuse,crash?batch=1&input=${input}`,
    });
    const [echo, refuse, crash] = response.json();
    expect(echo).toEqual({ result: { data: 'hi' } });
    expect(refuse.error.data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403, path: 'refuse' });
    expect(crash.error.data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', path: 'crash' });
    expect(reports).toEqual([
      ['refuse', 'FORBIDDEN'],
      ['crash', 'INTERNAL_SERVER_ERROR'],
    ]);
  });

  it('takes a mutation as a JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/save',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ n: 41 }),
    });
    expect(response.json()).toEqual({ result: { data: 42 } });
  });

  it('refuses bad input with a 400 naming the call', async () => {
    const input = encodeURIComponent(JSON.stringify({ text: 5 }));
    const response = await app.inject({ method: 'GET', url: `/trpc/echo?input=${input}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.data).toMatchObject({ code: 'BAD_REQUEST', path: 'echo' });
  });

  it('refuses TRACE, which a Fetch request cannot carry, with 405 as it refuses PUT, not a 500', async () => {
    for (const method of ['TRACE', 'PUT'] as const) {
      const response = await app.inject({
        method,
        url: '/trpc/echo',
        headers: { 'content-type': 'application/json' },
      });
      expect([method, response.statusCode]).toEqual([method, 405]);
      expect(response.json().error.data).toMatchObject({ code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 });
    }
  });
});
