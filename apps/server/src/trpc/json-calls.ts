import {
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  TRPCError,
  type TRPCProcedureType,
  transformTRPCResponse,
} from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';

// tRPC's HTTP wire format for the calls this app's client makes: a query or a batch of queries
// by GET, a mutation or a batch of them by POST with a JSON body, answered as one JSON body. It
// does what tRPC's resolveResponse does for such a request, step for step: the same checks in
// the same order, the same messages, the same error shapes through the router's own
// errorFormatter, the same statuses, the same reports to onError (one known difference: below,
// at LazyInputs). It works on the Fastify request as it is: no Fetch Request, Headers or Response
// is built per call, which on the bench machine was 112 to 181 µs of a list call's CPU (issue 10,
// docs/decisions/018).
//
// Anything else returns null from readJsonCalls and goes to resolveResponse itself:
// - streamed batches, HEAD, other methods and content types, connection parameters;
// - a body with a byte order mark or read by another parser;
// - a request target a URL parser reads differently from URLSearchParams ('#', '??', tab, newline);
// - a path that does not decode, a batch mixing queries and mutations, subscriptions, lazy routers.
// fastify-handler.test.ts sends every kind of request to this and to tRPC's own plugin, requires
// the same answer and the same reports, and checks which of the two ways each took.

/** What readJsonCalls needs of a request (the Fastify request's own fields). */
export interface JsonCallRequest {
  method: string;
  /** The procedure path(s) as routed: `capsules.list` or `a,b` for a batch. */
  path: string;
  /** The request target: path and query. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** A POST's body as text (the route's JSON parser leaves it so); anything else is left to tRPC. */
  body: unknown;
}

interface Call {
  path: string;
  procedure: AnyTRPCProcedure | undefined;
  index: number;
}

export interface JsonCalls {
  method: 'GET' | 'POST';
  isBatch: boolean;
  calls: Call[];
  /** The one procedure type of the calls found, as tRPC's info.type. */
  type: TRPCProcedureType | 'unknown';
  inputs: LazyInputs;
}

export interface JsonAnswer {
  status: number;
  body: string;
}

/** The headers tRPC puts on every JSON answer. */
export const JSON_ANSWER_HEADERS = { 'content-type': 'application/json', vary: 'trpc-accept, accept' };

const ACCEPTED_METHOD: Record<TRPCProcedureType, string> = {
  query: 'GET',
  mutation: 'POST',
  subscription: 'GET',
};

/** tRPC's media type test: case-insensitive, parameters ignored. */
function mediaType(headers: JsonCallRequest['headers']): string | undefined {
  const value = headers['content-type'];
  return typeof value === 'string' ? value.toLowerCase().split(';', 1)[0]?.trim() : undefined;
}

/** A streamed batch is asked for with trpc-accept, or application/jsonl in accept. */
function asksForStream(headers: JsonCallRequest['headers']): boolean {
  if (headers['trpc-accept'] !== undefined) return true;
  const accept = headers.accept;
  return typeof accept === 'string' && accept.includes('application/jsonl');
}

function decoded(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && !Array.isArray(value) && typeof value === 'object';

type Inputs = Record<number, unknown>;

/** tRPC's wrapping of an input that cannot be read: a bad request with the parser's message. */
const unreadableInput = (cause: unknown) =>
  cause instanceof TRPCError
    ? cause
    : new TRPCError({
        code: 'BAD_REQUEST',
        message: cause instanceof Error ? cause.message : 'Invalid input',
        cause,
      });

/**
 * The call inputs, parsed when a procedure first asks for them (a procedure without input never
 * does), and the same failure for every later ask: tRPC's memo around its input parsing, down to
 * when the value becomes known to error reports, after an await. For a GET that is exact. For a
 * POST, tRPC first awaits the body (a few more microtasks, their number set by Node's version),
 * so a call of a batch that fails within them, before another has read the input, is reported
 * here with the input and there without. Nothing else differs; this app reads every input before
 * anything can fail (safeInput), and its onError does not read the input.
 */
class LazyInputs {
  private value: Inputs | undefined;
  private pending: Promise<Inputs> | null = null;

  constructor(private readonly parse: () => Inputs) {}

  async read(): Promise<Inputs> {
    if (this.value) return this.value;
    this.pending ??= (async () => this.parse())().catch((cause) => {
      throw unreadableInput(cause);
    });
    this.value = await this.pending;
    this.pending = null;
    return this.value;
  }

  /** What was read, for error reports; undefined when not read (yet) or unreadable. */
  result(index: number): unknown {
    return this.value?.[index];
  }
}

function parseInputs(
  router: AnyTRPCRouter,
  request: { method: 'GET' | 'POST'; query: URLSearchParams; body: unknown },
  isBatch: boolean,
  count: number,
): Inputs {
  // Called as a method: a transformer may be an instance that needs its `this`.
  const transformer = router._def._config.transformer.input;
  let inputs: unknown;
  if (request.method === 'GET') {
    const text = request.query.get('input');
    if (text) inputs = JSON.parse(text);
  } else {
    // A Fetch body's json(): no body reads as '' (a body with a byte order mark never gets here).
    inputs = JSON.parse((request.body as string | undefined) ?? '');
  }
  const result: Inputs = Object.create(null);
  if (inputs === undefined) return result;
  if (!isBatch) {
    result[0] = transformer.deserialize(inputs);
    return result;
  }
  if (!isObject(inputs)) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: '"input" needs to be an object when doing a batch call',
    });
  }
  for (let index = 0; index < count; index++) {
    const input = inputs[index];
    if (input !== undefined) result[index] = transformer.deserialize(input);
  }
  return result;
}

/**
 * The calls of a request this module answers, or null for one it leaves to resolveResponse.
 * Only reads the request: nothing has run yet when it returns null.
 */
export function readJsonCalls(router: AnyTRPCRouter, request: JsonCallRequest): JsonCalls | null {
  // A lazy router loads its procedures on the first call; here they are looked up directly.
  if (Object.keys(router._def.lazy).length > 0) return null;
  const { method } = request;
  if (method !== 'GET' && method !== 'POST') return null;
  const type = mediaType(request.headers);
  if (method === 'POST' ? type !== 'application/json' : type !== undefined && type !== 'application/json') {
    return null;
  }
  if (asksForStream(request.headers)) return null;
  // A body another parser read, or one starting with a byte order mark: a Fetch body's json()
  // reads those its own way (it drops up to two marks).
  const { body } = request;
  if (body !== undefined && (typeof body !== 'string' || body.charCodeAt(0) === 0xfeff)) return null;
  // tRPC reads the query through a URL parser, which drops or cuts at these characters, and
  // keeps a second '?' in the first name, where URLSearchParams would drop it.
  if (/[\t\n\r#]/.test(request.url)) return null;
  const queryStart = request.url.indexOf('?');
  const rawQuery = queryStart === -1 ? '' : request.url.slice(queryStart + 1);
  if (rawQuery.startsWith('?')) return null;
  const query = new URLSearchParams(rawQuery);
  if (query.has('connectionParams')) return null;
  const path = decoded(request.path);
  if (path === null) return null;

  const isBatch = query.get('batch') === '1';
  const paths = isBatch ? path.split(',') : [path];
  const calls = paths.map((callPath, index) => ({
    path: callPath,
    procedure: router._def.procedures[callPath] as AnyTRPCProcedure | undefined,
    index,
  }));
  const types = new Set(calls.flatMap((call) => (call.procedure ? [call.procedure._def.type] : [])));
  if (types.size > 1 || types.has('subscription')) return null;
  const inputs = new LazyInputs(() => parseInputs(router, { method, query, body }, isBatch, paths.length));
  return { method, isBatch, calls, type: types.values().next().value ?? 'unknown', inputs };
}

const isAsyncIterable = (value: unknown): boolean => isObject(value) && Symbol.asyncIterator in value;
const isPromise = (value: unknown): boolean =>
  (isObject(value) || typeof value === 'function') &&
  typeof (value as { then?: unknown }).then === 'function' &&
  typeof (value as { catch?: unknown }).catch === 'function';

/** An answer only a streamed batch can carry (tRPC refuses it in a JSON answer). */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  // Read twice, as tRPC reads it: an answer's getters run as often.
  return Object.values(value).some(isPromise) || Object.values(value).some(isAsyncIterable);
}

const streamRefused = () =>
  new TRPCError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
  });

export interface ErrorReport<TRequest> {
  error: TRPCError;
  path: string | undefined;
  input: unknown;
  ctx: unknown;
  type: TRPCProcedureType | 'unknown';
  req: TRequest;
}

interface AnswerOptions<TRequest> {
  router: AnyTRPCRouter;
  req: TRequest;
  createContext: () => unknown;
  onError?: (report: ErrorReport<TRequest>) => void;
}

type Outcome = [TRPCError, undefined] | [undefined, unknown];

/** Runs the calls (concurrently, with one context) and shapes the answer as tRPC does. */
export async function answerJsonCalls<TRequest>(
  { method, isBatch, calls, type, inputs }: JsonCalls,
  { router, req, createContext, onError }: AnswerOptions<TRequest>,
): Promise<JsonAnswer> {
  const config = router._def._config;
  let ctx: unknown;
  let ctxError: TRPCError | undefined;
  try {
    ctx = await createContext();
  } catch (cause) {
    ctxError = getTRPCErrorFromUnknown(cause);
  }
  const callType = (call: Call) => call.procedure?._def.type ?? 'unknown';
  const errorShape = (
    error: TRPCError,
    path: string | undefined,
    input: unknown,
    shapeType: TRPCProcedureType | 'unknown',
  ) => getTRPCErrorShape({ config, ctx, error, input, path, type: shapeType });

  // A real signal that nothing aborts, one for the request's calls: tRPC gives each call its own,
  // tied to the socket, but no procedure here takes one (decision 017); one that reads it still
  // finds a signal.
  const signal = new AbortController().signal;
  const run = async (call: Call): Promise<Outcome> => {
    const { procedure, path } = call;
    try {
      if (!procedure) {
        throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
      }
      const procedureType = procedure._def.type;
      if (ACCEPTED_METHOD[procedureType] !== method) {
        throw new TRPCError({
          code: 'METHOD_NOT_SUPPORTED',
          message: `Unsupported ${method}-request to ${procedureType} procedure at path "${path}"`,
        });
      }
      if (ctxError) throw ctxError;
      const data = await procedure({
        path,
        getRawInput: async () => (await inputs.read())[call.index],
        ctx,
        type: procedureType,
        signal,
        batchIndex: call.index,
      });
      return [undefined, data];
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      onError?.({ error, path, input: inputs.result(call.index), ctx, type: callType(call), req });
      return [error, undefined];
    }
  };
  const outcomes = calls.map(run);

  try {
    if (!isBatch) {
      const [call] = calls as [Call];
      const [error, data] = await (outcomes[0] as Promise<Outcome>);
      if (!error && isDataStream(data)) throw streamRefused();
      const response = error
        ? { error: errorShape(error, call.path, inputs.result(call.index), type) }
        : { result: { data } };
      return answer(response, config);
    }
    // Two passes, as tRPC makes them: every answer checked for streams, then every shape made.
    const checked = (await Promise.all(outcomes)).map(([error, data]): Outcome => {
      if (error) return [error, undefined];
      return isDataStream(data) ? [streamRefused(), undefined] : [undefined, data];
    });
    const responses = checked.map(([error, data], index) => {
      const call = calls[index] as Call;
      if (error) return { error: errorShape(error, call.path, inputs.result(call.index), callType(call)) };
      return { result: { data } };
    });
    return answer(responses, config);
  } catch (cause) {
    // What fails past the calls' own handling (an onError that throws, a stream-like answer to
    // a single call, a formatter that throws, an answer JSON cannot carry, a status out of
    // range): tRPC answers it as one error of the request, reported without a path or input.
    // What fails again here goes to Fastify's error handler, as it does from tRPC's adapter.
    const error = getTRPCErrorFromUnknown(cause);
    onError?.({ error, path: undefined, input: undefined, ctx, type, req });
    return answer({ error: errorShape(error, undefined, undefined, type) }, config);
  }
}

type RpcResponse = { result: { data: unknown } } | { error: ReturnType<typeof getTRPCErrorShape> };

function answer(response: RpcResponse | RpcResponse[], config: AnyTRPCRouter['_def']['_config']): JsonAnswer {
  const status = getHTTPStatusCode(response as Parameters<typeof getHTTPStatusCode>[0]);
  // A formatter may set any httpStatus: the Fetch Response tRPC builds refuses these, as
  // Fastify would (outside the catch above).
  if (!(status >= 200 && status <= 599)) {
    throw new RangeError('init["status"] must be in the range of 200 to 599, inclusive.');
  }
  return {
    status,
    body: JSON.stringify(
      transformTRPCResponse(config, response as Parameters<typeof transformTRPCResponse>[1]),
    ),
  };
}
