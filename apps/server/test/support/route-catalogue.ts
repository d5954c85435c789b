import diagnostics from 'node:diagnostics_channel';
import { tmpdir } from 'node:os';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createCompiledStatements } from '../../src/db/compiled-statements.js';
import type { Db } from '../../src/db/database.js';
import type { AppDeps } from '../../src/deps.js';
import { systemClock } from '../../src/lib/clock.js';
import { deriveKeys } from '../../src/lib/tokens.js';
import { createServiceMetrics } from '../../src/modules/metrics/index.js';
import { createBlobStorage } from '../../src/modules/storage/index.js';

// Every REST route and every tRPC procedure, read from the app itself: a route added tomorrow
// is fuzzed tomorrow without anyone listing it here.

export interface RestRoute {
  method: string;
  /** The path as registered, e.g. '/api/capsules/:id/recipient'. */
  url: string;
  /** Its path parameters, in order (':id' gives 'id'). */
  params: string[];
}

export interface Procedure {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** Whether the procedure declares an input parser at all. */
  hasInput: boolean;
  /** Object keys its input schemas mention, at any depth (to build payloads with real names). */
  inputKeys: string[];
}

/** The fuzzed surface: the spec's /api paths and the health probes. */
const isFuzzedPath = (url: string) => url.startsWith('/api/') || url === '/healthz' || url === '/readyz';

export interface Catalogue {
  rest: RestRoute[];
  procedures: Procedure[];
}

/**
 * The routes of `buildApp` as it builds them. Routes are registered while buildApp runs,
 * before a caller could add a hook, so hooks are attached the moment Fastify creates the
 * instance (its 'fastify.initialization' diagnostics channel): onRoute sees every REST route,
 * onRegister sees the options of every plugin, the tRPC handler's router among them. The app
 * is built on "cold" deps: a database that cannot be reached (registering a route never
 * queries) and a mailer that refuses to send. HEAD routes Fastify adds for every GET are left
 * out: they run the GET handler and have no body to check.
 */
export async function discoverCatalogue(): Promise<Catalogue> {
  const seen: RouteOptions[] = [];
  const routers = new Set<unknown>(); // the app's plugin and the adapter inside it pass the same one
  const channel = diagnostics.channel('fastify.initialization');
  const attach = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      seen.push(route);
    });
    fastify.addHook('onRegister', (_instance, options) => {
      // tRPC's Fastify adapter (trpc/plugin.ts) takes the router among its trpcOptions.
      const router = (options as { trpcOptions?: { router?: unknown } } | undefined)?.trpcOptions?.router;
      if (router) routers.add(router);
    });
  };
  channel.subscribe(attach);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp(coldDeps(), { serveWeb: false, logger: false });
    await app.ready();
  } finally {
    channel.unsubscribe(attach);
    await app?.close();
  }

  const routes = new Map<string, RestRoute>();
  for (const route of seen) {
    if (!isFuzzedPath(route.url)) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
      routes.set(`${method} ${route.url}`, { method, url: route.url, params });
    }
  }
  const rest = [...routes.values()].sort((a, b) =>
    `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`),
  );
  if (routers.size !== 1)
    throw new Error(`Expected the app to register one tRPC router, found ${routers.size}`);
  return { rest, procedures: proceduresOf([...routers][0]) };
}

/** Every procedure of a tRPC router, by its dotted path. */
function proceduresOf(router: unknown): Procedure[] {
  const procedures = (router as { _def: { procedures: Record<string, { _def: ProcedureDef }> } })._def
    .procedures;
  return Object.entries(procedures)
    .map(([path, procedure]) => ({
      path,
      type: procedure._def.type,
      hasInput: (procedure._def.inputs ?? []).length > 0,
      inputKeys: [...new Set((procedure._def.inputs ?? []).flatMap((schema) => schemaKeys(schema)))].sort(),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** The path of a REST route with its parameters filled (values already encoded). */
export function fillPath(route: RestRoute, values: Record<string, string>): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => values[name] ?? '');
}

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs?: unknown[];
}

/**
 * Object keys a zod schema mentions, found by walking its definition (objects, optionals,
 * pipes, unions, intersections, arrays, defaults...). Iterative and cycle-safe.
 */
function schemaKeys(root: unknown): string[] {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    const def =
      (node as { def?: Record<string, unknown>; _def?: Record<string, unknown> }).def ??
      (node as { _def?: Record<string, unknown> })._def;
    if (!def) continue;
    const shape = def.shape as Record<string, unknown> | undefined;
    if (shape && typeof shape === 'object') {
      for (const [key, child] of Object.entries(shape)) {
        keys.add(key);
        stack.push(child);
      }
    }
    for (const field of ['innerType', 'in', 'out', 'left', 'right', 'element', 'schema', 'valueType']) {
      if (def[field]) stack.push(def[field]);
    }
    if (Array.isArray(def.options)) stack.push(...def.options);
  }
  return [...keys];
}

// Azurite's published development account, on a port nothing listens on.
const UNREACHABLE_BLOB_STORE =
  'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;' +
  'AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;' +
  'BlobEndpoint=http://127.0.0.1:9/devstoreaccount1;';

/** Deps good enough to register routes: nothing here may be reached while building the app. */
export function coldDeps(): AppDeps {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: tmpdir(),
    SESSION_SECRET: 'route-catalogue-'.repeat(4),
    LOG_LEVEL: 'silent',
  });
  const db: Db = new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return {
    config,
    db,
    statements: createCompiledStatements({ keep: true }),
    clock: systemClock,
    keys: deriveKeys(config.sessionSecret),
    mailer: {
      send: async () => {
        throw new Error('The route catalogue app sends no mail');
      },
      close: () => {},
    },
    // A client of an account nobody runs: building it makes no request.
    storage: createBlobStorage({ connectionString: UNREACHABLE_BLOB_STORE }),
    jobs: {
      send: async () => {
        throw new Error('The route catalogue app sends no job');
      },
    },
    media: {
      probeVideo: async () => {
        throw new Error('The route catalogue app probes no video');
      },
      extractThumbnail: async () => {
        throw new Error('The route catalogue app makes no thumbnail');
      },
      makeRendition: async () => {
        throw new Error('The route catalogue app makes no rendition');
      },
    },
    metrics: createServiceMetrics(),
  };
}
