import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AnyTRPCRouter, initTRPC, TRPCError } from '@trpc/server';
import { type CreateFastifyContextOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { resolveResponse } from '@trpc/server/http';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { trpcHandlerPlugin } from './fastify-handler.js';

// The handler must answer every request exactly as tRPC's own Fastify plugin does (status,
// body, the headers tRPC sets), only with less work: each case below goes to both. Each case
// also says which way ours answers it: 'json' for json-calls.ts (the calls the web client
// makes), 'tRPC' for tRPC's resolveResponse (every other kind), so a case meant to test the
// JSON path cannot pass by falling back.

vi.mock('@trpc/server/http', async (importOriginal) => {
  const http = await importOriginal<typeof import('@trpc/server/http')>();
  return { ...http, resolveResponse: vi.fn(http.resolveResponse) };
});

const createContext = ({ req }: Pick<CreateFastifyContextOptions, 'req'>) => {
  if (req.headers['x-no-context']) throw new Error('no context today');
  return { caller: req.headers['x-caller'] ?? null };
};
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
  later: t.procedure.query(() => ({ soon: Promise.resolve(1) })),
  big: t.procedure.query(() => ({ n: 1n })),
  deny: t.procedure.mutation(() => {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Not yours' });
  }),
  readsThenRefuses: t.procedure
    .use(async ({ getRawInput }) => {
      await getRawInput();
      throw new TRPCError({ code: 'UNAUTHORIZED' });
    })
    .query(() => 1),
  counted: t.procedure.query(() => {
    let reads = 0;
    return {
      get n() {
        reads += 1;
        return reads;
      },
    };
  }),
  /** Its failure makes onError itself throw (below). */
  loud: t.procedure.query(() => {
    throw new Error('loud');
  }),
  signal: t.procedure.query(({ signal }) => signal?.aborted ?? 'no signal'),
  listLike: t.procedure.query(() => ({
    items: Object.assign([1, 2], { [Symbol.asyncIterator]: async function* () {} }),
  })),
});

type Kind = 'ours' | 'tRPC';
/** What each side's onError was given, in order (the input as JSON). */
const reports: Record<Kind, string[][]> = { ours: [], tRPC: [] };
function clearReports() {
  reports.ours.length = 0;
  reports.tRPC.length = 0;
}

async function build(
  kind: Kind,
  { on = router, hook }: { on?: AnyTRPCRouter; hook?: (app: FastifyInstance) => void } = {},
): Promise<FastifyInstance> {
  const app = Fastify();
  hook?.(app);
  const onError = ({
    path,
    error,
    type,
    input,
  }: {
    path?: string;
    error: TRPCError;
    type: string;
    input: unknown;
  }) => {
    reports[kind].push([String(path), error.code, type, JSON.stringify(input) ?? 'undefined']);
    if (path === 'loud') throw new Error('the error reporter is down');
  };
  if (kind === 'ours') {
    await app.register(trpcHandlerPlugin, { prefix: '/trpc', router: on, createContext, onError });
  } else {
    await app.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: { router: on, createContext, onError },
    });
  }
  return app;
}

/** Both sides built with the same options, each asked by `ask`, then closed: [ours, tRPC's]. */
async function withBoth<T>(options: Parameters<typeof build>[1], ask: (app: FastifyInstance) => Promise<T>) {
  const apps = await Promise.all([build('ours', options), build('tRPC', options)]);
  try {
    return await Promise.all(apps.map(ask));
  } finally {
    await Promise.all(apps.map((app) => app.close()));
  }
}

/** A request sent as written: fetch would drop a fragment before it leaves. */
function rawRequest(
  port: number,
  path: string,
  { method = 'GET', body }: RequestInit = {},
): Promise<{ status: number | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method, headers: body ? { 'content-type': 'application/json' } : {} },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode, body: text }));
      },
    );
    request.on('error', reject);
    request.end(typeof body === 'string' ? body : undefined);
  });
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const A_QUERY: InjectOptions = { method: 'GET', url: `/trpc/echo?input=${input({ text: 'hi' })}` };
type Way = 'json' | 'tRPC';
const JSON_TYPE = { 'content-type': 'application/json' };
const CASES: [string, InjectOptions, Way][] = [
  ['a query', A_QUERY, 'json'],
  [
    'a batch',
    { method: 'GET', url: `/trpc/echo,whoami?batch=1&input=${input({ 0: { text: 'a' } })}` },
    'json',
  ],
  [
    'the context from the Fastify request',
    { method: 'GET', url: '/trpc/whoami', headers: { 'x-caller': 'ada' } },
    'json',
  ],
  [
    'a context that fails',
    { method: 'GET', url: '/trpc/whoami,nothing?batch=1', headers: { 'x-no-context': '1' } },
    'json',
  ],
  ['an input refused', { method: 'GET', url: `/trpc/echo?input=${input({ text: 'too long' })}` }, 'json'],
  ['unreadable input', { method: 'GET', url: '/trpc/echo?input=%7Bnot-json' }, 'json'],
  ['an empty input', { method: 'GET', url: '/trpc/whoami?input=' }, 'json'],
  [
    'unreadable input in a batch, with a procedure that takes none',
    { method: 'GET', url: '/trpc/whoami,echo?batch=1&input=%7Bnot-json' },
    'json',
  ],
  [
    'a batch whose input is not an object',
    { method: 'GET', url: `/trpc/echo?batch=1&input=${input([1])}` },
    'json',
  ],
  ['a batch with a refusal in it', { method: 'GET', url: `/trpc/whoami,refuse?batch=1` }, 'json'],
  [
    'a batch with an unknown procedure in it',
    { method: 'GET', url: '/trpc/whoami,nothing,?batch=1' },
    'json',
  ],
  ['a batch flag given twice', { method: 'GET', url: '/trpc/whoami?batch=0&batch=1' }, 'json'],
  ['a thrown error', { method: 'GET', url: '/trpc/crash' }, 'json'],
  ['an unknown procedure', { method: 'GET', url: '/trpc/nothing.here' }, 'json'],
  ['a name on every object’s prototype', { method: 'GET', url: '/trpc/toString' }, 'json'],
  ['a percent-encoded path', { method: 'GET', url: '/trpc/who%61mi' }, 'json'],
  ['a path that does not decode', { method: 'GET', url: '/trpc/who%25E0ami' }, 'tRPC'],
  ['a stream-like answer', { method: 'GET', url: '/trpc/later' }, 'json'],
  ['a stream-like answer in a batch', { method: 'GET', url: '/trpc/later,whoami?batch=1' }, 'json'],
  ['a mutation', { method: 'POST', url: '/trpc/save', payload: { n: 7 } }, 'json'],
  [
    'a batched mutation',
    { method: 'POST', url: '/trpc/save?batch=1', payload: { 0: { n: 1 }, 1: { n: 'x' } } },
    'json',
  ],
  [
    'a mutation with a byte order mark',
    { method: 'POST', url: '/trpc/save', payload: '\uFEFF{"n":2}', headers: JSON_TYPE },
    'tRPC',
  ],
  [
    'a mutation with two byte order marks',
    { method: 'POST', url: '/trpc/save', payload: '\uFEFF\uFEFF{"n":2}', headers: JSON_TYPE },
    'tRPC',
  ],
  ['a second question mark before batch', { method: 'GET', url: '/trpc/whoami??batch=1' }, 'tRPC'],
  [
    'a second question mark before input',
    { method: 'GET', url: `/trpc/echo??input=${input({ text: 'too long' })}` },
    'tRPC',
  ],
  ['an answer JSON cannot carry', { method: 'GET', url: '/trpc/big' }, 'json'],
  ['an answer JSON cannot carry, in a batch', { method: 'GET', url: '/trpc/big,whoami?batch=1' }, 'json'],
  ['an array that is also async-iterable', { method: 'GET', url: '/trpc/listLike' }, 'json'],
  ['a procedure that reads its abort signal', { method: 'GET', url: '/trpc/signal' }, 'json'],
  ['an answer with a getter', { method: 'GET', url: '/trpc/counted' }, 'json'],
  [
    'a middleware that reads the input, then refuses, in a batch',
    {
      method: 'GET',
      url: `/trpc/whoami,readsThenRefuses,crash?batch=1&input=${input({ 1: { a: 1 }, 2: 7 })}`,
    },
    'json',
  ],
  ['an empty path', { method: 'GET', url: '/trpc/' }, 'json'],
  ['an empty path, as a batch', { method: 'GET', url: '/trpc/?batch=1' }, 'json'],
  ['a batch joined by an encoded comma', { method: 'GET', url: '/trpc/whoami%2Cecho?batch=1' }, 'json'],
  ['a single path flagged as a batch', { method: 'GET', url: '/trpc/whoami?batch=1' }, 'json'],
  [
    'a mutation with input in the query too',
    { method: 'POST', url: `/trpc/save?input=${input({ n: 9 })}`, payload: { n: 1 } },
    'json',
  ],
  [
    'a query by GET with a JSON body',
    {
      method: 'GET',
      url: `/trpc/echo?input=${input({ text: 'q' })}`,
      payload: '{"text":"b"}',
      headers: JSON_TYPE,
    },
    'json',
  ],
  [
    'two readers of one unreadable input',
    { method: 'GET', url: '/trpc/echo,echo?batch=1&input=%7Bnot-json' },
    'json',
  ],
  [
    'a failing context beside a procedure that reads the input',
    {
      method: 'GET',
      url: `/trpc/echo,whoami?batch=1&input=${input({ 0: { text: 'a' } })}`,
      headers: { 'x-no-context': '1' },
    },
    'json',
  ],
  [
    'a batch of mutations with malformed JSON, one taking no input',
    { method: 'POST', url: '/trpc/deny,save?batch=1', payload: '{', headers: JSON_TYPE },
    'json',
  ],
  [
    'a trpc-accept that is not JSON lines',
    { method: 'GET', url: '/trpc/whoami', headers: { 'trpc-accept': 'x' } },
    'tRPC',
  ],
  ['an onError that throws, in a batch', { method: 'GET', url: '/trpc/loud,whoami?batch=1' }, 'json'],
  [
    'an unknown procedure beside one that reads the input',
    { method: 'GET', url: `/trpc/echo,nothing?batch=1&input=${input({ 0: { text: 'a' }, 1: 5 })}` },
    'json',
  ],
  [
    'a mutation typed with a charset, in capitals',
    {
      method: 'POST',
      url: '/trpc/save',
      payload: '{"n":3}',
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    },
    'json',
  ],
  ['malformed JSON', { method: 'POST', url: '/trpc/save', payload: '{"n":', headers: JSON_TYPE }, 'json'],
  ['an empty JSON body', { method: 'POST', url: '/trpc/save', payload: '', headers: JSON_TYPE }, 'json'],
  ['a mutation without a body', { method: 'POST', url: '/trpc/save' }, 'tRPC'],
  [
    'a mutation sent as text',
    { method: 'POST', url: '/trpc/save', payload: '{"n":1}', headers: { 'content-type': 'text/plain' } },
    'tRPC',
  ],
  ['a mutation by GET', { method: 'GET', url: `/trpc/save?input=${input({ n: 1 })}` }, 'json'],
  ['a query by POST', { method: 'POST', url: '/trpc/echo', payload: { text: 'x' } }, 'json'],
  ['a batch mixing a query and a mutation', { method: 'GET', url: '/trpc/whoami,save?batch=1' }, 'tRPC'],
  [
    'a query with connection parameters',
    { method: 'GET', url: '/trpc/whoami?connectionParams=%7B%7D' },
    'tRPC',
  ],
  [
    'a query typed as a form',
    { method: 'GET', url: '/trpc/whoami', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
    'tRPC',
  ],
  ['PUT', { method: 'PUT', url: '/trpc/save', payload: { n: 1 } }, 'tRPC'],
  ['HEAD', { method: 'HEAD', url: '/trpc/whoami' }, 'tRPC'],
  [
    'a streamed batch (JSON lines)',
    { method: 'GET', url: '/trpc/whoami,refuse?batch=1', headers: { 'trpc-accept': 'application/jsonl' } },
    'tRPC',
  ],
  [
    'a streamed batch asked for in accept',
    { method: 'GET', url: '/trpc/whoami,refuse?batch=1', headers: { accept: 'application/jsonl' } },
    'tRPC',
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

  it.each(CASES)('answers %s as tRPC’s plugin does (%#)', async (_name, request, way) => {
    vi.mocked(resolveResponse).mockClear();
    clearReports();
    const [a, b] = await Promise.all([ours.inject(request), theirs.inject(request)]);
    expect(vi.mocked(resolveResponse).mock.calls.length > 0 ? 'tRPC' : 'json').toBe(way);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    for (const header of ['content-type', 'vary']) expect(a.headers[header]).toBe(b.headers[header]);
    expect(reports.ours).toEqual(reports.tRPC);
  });

  it('answers a single call whose onError throws as tRPC does, but typed as JSON', async () => {
    // tRPC answers this one before it has set its content type, so its Response goes out typed
    // as text; ours types it as the JSON it is. Everything else is the same.
    clearReports();
    const request: InjectOptions = { method: 'GET', url: '/trpc/loud' };
    const [a, b] = await Promise.all([ours.inject(request), theirs.inject(request)]);
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    expect(a.statusCode).toBe(500);
    expect(b.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(a.headers['content-type']).toBe('application/json');
    expect(reports.ours).toEqual(reports.tRPC);
    expect(reports.ours.map(([path]) => path)).toEqual(['loud', 'undefined']);
  });

  // A formatter that fails for one error, and one that sets a status no HTTP answer can have.
  const shaky = initTRPC.create({
    isDev: false,
    errorFormatter({ shape, error }) {
      if (error.message.includes('"missing"')) throw new Error('the formatter failed');
      if (error.message === 'odd') return { ...shape, data: { ...shape.data, httpStatus: 600 } };
      return shape;
    },
  });
  const shakyRouter = shaky.router({
    odd: shaky.procedure.query(() => {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'odd' });
    }),
    whoami: shaky.procedure.query(() => 'me'),
    unreadable: shaky.procedure.query(() => ({
      get n(): number {
        throw new Error('the answer cannot be read');
      },
    })),
  });
  it.each([
    ['a status out of range from the formatter', '/trpc/odd'],
    ['a status out of range in a batch', '/trpc/odd,whoami?batch=1'],
    ['a failing formatter beside an unreadable answer', '/trpc/missing,unreadable?batch=1'],
  ])('answers %s as tRPC’s plugin does', async (_name, url) => {
    clearReports();
    const [a, b] = await withBoth({ on: shakyRouter }, (app) => app.inject({ method: 'GET', url }));
    expect([a?.statusCode, a?.body, a?.headers['content-type']]).toEqual([
      b?.statusCode,
      b?.body,
      b?.headers['content-type'],
    ]);
    expect(reports.ours).toEqual(reports.tRPC);
  });

  /** Both sides built with the same options, asked over real HTTP (inject drops a fragment). */
  function overHttp(path: string, options?: Parameters<typeof build>[1], init?: RequestInit) {
    return withBoth(options, async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return rawRequest(port, path, init);
    });
  }

  it('reads a request target with a fragment before its query as tRPC’s plugin does', async () => {
    const [a, b] = await overHttp('/trpc/whoami#x?batch=1');
    expect(a).toEqual(b);
    expect(a?.body).toBe('{"result":{"data":null}}');
  });

  it('gives an input transformer that needs its `this` its own object, as tRPC does', async () => {
    class Tagged {
      readonly tag = 'ok';
      serialize(value: unknown) {
        return value;
      }
      deserialize(value: unknown) {
        return { ...(value as object), text: this.tag };
      }
    }
    const withTransformer = initTRPC.create({ isDev: false, transformer: new Tagged() });
    const on = withTransformer.router({
      echo: withTransformer.procedure.input(z.object({ text: z.string() })).query(({ input }) => input),
    });
    const [a, b] = await overHttp(`/trpc/echo?input=${input({ text: 'no' })}`, { on });
    expect(a).toEqual(b);
    expect(a?.body).toBe('{"result":{"data":{"text":"ok"}}}');
  });

  it('reads a body another hook already parsed as tRPC’s plugin does', async () => {
    const hook = (app: FastifyInstance) =>
      app.addHook('preValidation', async (request) => {
        if (typeof request.body === 'string') request.body = JSON.parse(request.body);
      });
    const [a, b] = await overHttp('/trpc/save', { hook }, { method: 'POST', body: '{"n":4}' });
    expect(a).toEqual(b);
    expect(a?.body).toBe('{"result":{"data":{"saved":4}}}');
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
    reports.ours.length = 0;
    await ours.inject({ method: 'GET', url: '/trpc/whoami,refuse,crash?batch=1' });
    expect(reports.ours.map(([path, code]) => [path, code])).toEqual([
      ['refuse', 'FORBIDDEN'],
      ['crash', 'INTERNAL_SERVER_ERROR'],
    ]);
  });
});
