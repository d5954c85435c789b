import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OdooConfig } from '../../src/config.js';

/**
 * A small Odoo for the sync tests: real HTTP on a free port, Odoo's external JSON-RPC shapes
 * (POST /jsonrpc, `{"jsonrpc":"2.0","method":"call","params":{"service","method","args"}}`;
 * common.login / authenticate, object.execute_kw with search, search_read, read, create, write),
 * records kept in memory per model, and trouble on demand: the next N calls failing (HTTP 503, as
 * a proxy in front of a down Odoo answers, or a JSON-RPC server error), or the next call done but
 * its answer held back longer than the client waits (the create happened, the reply was lost).
 */
export interface FakeOdoo {
  url: string;
  /** The app's settings for this fake (timeoutMs short, so a hang costs little). */
  config(overrides?: Partial<OdooConfig>): OdooConfig;
  /** Every record of a model, in id order. */
  records(model: string): OdooRecord[];
  /** Every call, in order: `common.authenticate`, `res.partner.search`, ... */
  calls: string[];
  failNext(count: number, how?: 'http' | 'rpc-error'): void;
  /**
   * The next call (or the next one named `call`, e.g. 'res.partner.create') is carried out, then
   * answered only after `ms`.
   */
  hangNext(options?: { call?: string; ms?: number }): void;
  reset(): void;
  close(): Promise<void>;
}

export type OdooRecord = { id: number } & Record<string, unknown>;

const DB = 'capsule-test';
const LOGIN = 'sync@example.test';
const API_KEY = 'fake-odoo-api-key';
const UID = 7;

class RpcFault extends Error {
  constructor(
    readonly odooName: string,
    message: string,
  ) {
    super(message);
  }
}

type Domain = unknown[];

function matches(record: OdooRecord, domain: Domain): boolean {
  // Implicit AND of [field, operator, value] leaves: all the client ever sends.
  return domain.every((leaf) => {
    if (!Array.isArray(leaf) || leaf.length !== 3)
      throw new RpcFault('ValueError', `Invalid leaf ${JSON.stringify(leaf)}`);
    const [field, op, value] = leaf as [string, string, unknown];
    const actual = record[field] ?? false;
    if (op === '=') return actual === value;
    if (op === '!=') return actual !== value;
    if (op === 'in') return Array.isArray(value) && value.includes(actual);
    throw new RpcFault('ValueError', `Unsupported operator ${op}`);
  });
}

export async function startFakeOdoo(): Promise<FakeOdoo> {
  const models = new Map<string, Map<number, OdooRecord>>();
  let nextId = 100;
  const calls: string[] = [];
  let failures: Array<'http' | 'rpc-error'> = [];
  let hangs: Array<{ call: string | undefined; ms: number }> = [];
  const held = new Set<ServerResponse>();

  const table = (model: string) => {
    const rows = models.get(model) ?? new Map<number, OdooRecord>();
    models.set(model, rows);
    return rows;
  };

  function execute(model: string, method: string, args: unknown[], kwargs: Record<string, unknown>): unknown {
    const rows = table(model);
    switch (method) {
      case 'search':
      case 'search_read': {
        const found = [...rows.values()].filter((r) => matches(r, (args[0] as Domain) ?? []));
        const limit = typeof kwargs.limit === 'number' ? kwargs.limit : found.length;
        const page = found.sort((a, b) => a.id - b.id).slice(0, limit);
        if (method === 'search') return page.map((r) => r.id);
        const fields = kwargs.fields as string[] | undefined;
        return page.map((r) =>
          fields ? Object.fromEntries([['id', r.id], ...fields.map((f) => [f, r[f] ?? false])]) : r,
        );
      }
      case 'read':
        return ((args[0] as number[]) ?? []).map((id) => {
          const row = rows.get(id);
          if (!row)
            throw new RpcFault('odoo.exceptions.MissingError', `Record ${model}(${id}) does not exist`);
          return row;
        });
      case 'create': {
        const many = Array.isArray(args[0]);
        const values = (many ? args[0] : [args[0]]) as Array<Record<string, unknown>>;
        if (values.some((v) => !v || typeof v !== 'object'))
          throw new RpcFault('ValueError', 'create takes a dict');
        const ids = values.map((v) => {
          const id = nextId++;
          rows.set(id, { ...v, id });
          return id;
        });
        return many ? ids : ids[0];
      }
      case 'write': {
        const [ids, values] = args as [number[], Record<string, unknown>];
        for (const id of ids) {
          const row = rows.get(id);
          if (!row)
            throw new RpcFault('odoo.exceptions.MissingError', `Record ${model}(${id}) does not exist`);
          rows.set(id, { ...row, ...values, id });
        }
        return true;
      }
      default:
        throw new RpcFault('AttributeError', `The method '${method}' does not exist on the model '${model}'`);
    }
  }

  function answer(params: { service?: unknown; method?: unknown; args?: unknown }): unknown {
    const args = Array.isArray(params.args) ? params.args : [];
    if (params.service === 'common' && (params.method === 'authenticate' || params.method === 'login')) {
      calls.push(`common.${params.method}`);
      const [db, login, key] = args;
      return db === DB && login === LOGIN && key === API_KEY ? UID : false;
    }
    if (params.service === 'object' && params.method === 'execute_kw') {
      const [db, uid, key, model, method, methodArgs, kwargs] = args as [
        string,
        number,
        string,
        string,
        string,
        unknown[],
        Record<string, unknown> | undefined,
      ];
      calls.push(`${model}.${method}`);
      if (db !== DB || uid !== UID || key !== API_KEY) {
        throw new RpcFault('odoo.exceptions.AccessDenied', 'Access Denied');
      }
      return execute(model, method, methodArgs ?? [], kwargs ?? {});
    }
    throw new RpcFault('KeyError', `No service ${String(params.service)}.${String(params.method)}`);
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/jsonrpc') return send(res, 404, { error: 'not found' });
    let request: { jsonrpc?: unknown; method?: unknown; id?: unknown; params?: Record<string, unknown> };
    try {
      request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(res, 400, { error: 'bad json' });
    }
    const failure = failures.shift();
    if (failure === 'http') return send(res, 503, { error: 'Service Unavailable' });
    const id = request.id ?? null;
    if (failure === 'rpc-error') {
      return send(res, 200, {
        jsonrpc: '2.0',
        id,
        error: {
          code: 200,
          message: 'Odoo Server Error',
          data: { name: 'psycopg2.OperationalError', message: 'could not serialize access', debug: '' },
        },
      });
    }
    if (request.jsonrpc !== '2.0' || request.method !== 'call' || !request.params) {
      return send(res, 200, { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request' } });
    }
    let body: unknown;
    try {
      body = { jsonrpc: '2.0', id, result: answer(request.params) };
    } catch (error) {
      const fault = error instanceof RpcFault ? error : new RpcFault('Exception', String(error));
      body = {
        jsonrpc: '2.0',
        id,
        error: {
          code: 200,
          message: 'Odoo Server Error',
          data: { name: fault.odooName, message: fault.message, debug: '' },
        },
      };
    }
    const done = calls.at(-1);
    const hangAt = hangs.findIndex((h) => h.call === undefined || h.call === done);
    const hang = hangAt >= 0 ? hangs.splice(hangAt, 1)[0]?.ms : undefined;
    if (hang !== undefined) {
      // Done, but the answer comes too late: the client has given up by then.
      held.add(res);
      setTimeout(() => {
        held.delete(res);
        send(res, 200, body);
      }, hang).unref();
      return;
    }
    send(res, 200, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: 'fake odoo crashed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    config: (overrides = {}) => ({
      url,
      db: DB,
      user: LOGIN,
      apiKey: API_KEY,
      timeoutMs: 2_000,
      ...overrides,
    }),
    records: (model) => [...table(model).values()].sort((a, b) => a.id - b.id),
    calls,
    failNext(count, how = 'http') {
      failures.push(...Array.from({ length: count }, () => how));
    },
    hangNext({ call, ms = 8_000 } = {}) {
      hangs.push({ call, ms });
    },
    reset() {
      models.clear();
      calls.length = 0;
      failures = [];
      hangs = [];
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
