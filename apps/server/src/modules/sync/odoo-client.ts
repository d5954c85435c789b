import type { OdooConfig } from '../../config.js';

// A small typed client for Odoo's external JSON-RPC API (POST /jsonrpc, services `common` and
// `object`), over fetch with a deadline on every call. No npm client fits (decision 015): the
// maintained ones speak XML-RPC, and none takes an AbortSignal, which the pusher needs so a hung
// Odoo costs one timeout, not a stuck job. /jsonrpc is deprecated in Odoo 19 and kept until
// Odoo 22; moving to the JSON-2 API is a change to this file alone.

/** Odoo could not be reached or did not answer in time, or answered something that is not JSON-RPC. */
export class OdooTransportError extends Error {
  override name = 'OdooTransportError';
}

/** Odoo answered with a JSON-RPC error (access, validation, a missing record...). */
class OdooRpcError extends Error {
  override name = 'OdooRpcError';
  constructor(
    message: string,
    readonly odooName: string | undefined,
  ) {
    super(message);
  }
}

type OdooDomain = Array<[string, string, unknown] | '&' | '|' | '!'>;
export type OdooValues = Record<string, unknown>;

export interface OdooClient {
  search(model: string, domain: OdooDomain, options?: { limit?: number }): Promise<number[]>;
  create(model: string, values: OdooValues): Promise<number>;
  write(model: string, id: number, values: OdooValues): Promise<void>;
}

interface JsonRpcAnswer {
  result?: unknown;
  error?: { code?: number; message?: string; data?: { name?: string; message?: string } };
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * A client for one push run: it signs in on the first call (common.authenticate with the API key,
 * which Odoo takes in place of the password) and keeps the user id for the run's other calls.
 * `signal` (the job's) stops every call at once when the job must end.
 */
export function createOdooClient(
  config: OdooConfig,
  options: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): OdooClient {
  const doFetch = options.fetch ?? fetch;
  let nextId = 1;
  let uid: number | null = null;

  async function call(service: 'common' | 'object', method: string, args: unknown[]): Promise<unknown> {
    const deadline = AbortSignal.timeout(config.timeoutMs);
    const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
    let response: Response;
    let answer: JsonRpcAnswer;
    try {
      response = await doFetch(`${config.url}/jsonrpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          method: 'call',
          params: { service, method, args },
          id: nextId++,
        }),
        signal,
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new OdooTransportError(`Odoo answered HTTP ${response.status}`);
      }
      answer = (await response.json()) as JsonRpcAnswer;
    } catch (error) {
      if (error instanceof OdooTransportError) throw error;
      if (deadline.aborted)
        throw new OdooTransportError(`Odoo did not answer within ${seconds(config.timeoutMs)}`);
      if (options.signal?.aborted) throw new OdooTransportError('The push was stopped');
      const cause =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
      throw new OdooTransportError(`Odoo could not be reached${cause ? `: ${cause}` : ''}`);
    }
    if (answer && typeof answer === 'object' && answer.error) {
      const data = answer.error.data;
      const name = data?.name?.split('.').pop();
      const text = data?.message ?? answer.error.message ?? 'unknown error';
      throw new OdooRpcError(`Odoo refused ${method}: ${name ? `${name}: ` : ''}${text}`, data?.name);
    }
    if (!answer || typeof answer !== 'object' || !('result' in answer)) {
      throw new OdooTransportError('Odoo answered something that is not JSON-RPC');
    }
    return answer.result;
  }

  async function signIn(): Promise<number> {
    if (uid !== null) return uid;
    const result = await call('common', 'authenticate', [config.db, config.user, config.apiKey, {}]);
    if (typeof result !== 'number' || result <= 0) {
      throw new OdooRpcError(`Odoo refused the sign-in of ${config.user} to ${config.db}`, 'AccessDenied');
    }
    uid = result;
    return uid;
  }

  async function execute(model: string, method: string, args: unknown[], kwargs: object = {}) {
    const user = await signIn();
    return call('object', 'execute_kw', [config.db, user, config.apiKey, model, method, args, kwargs]);
  }

  return {
    async search(model, domain, searchOptions = {}) {
      // Archived records too: an archived partner is still the one we made.
      const result = await execute(model, 'search', [domain], {
        ...(searchOptions.limit ? { limit: searchOptions.limit } : {}),
        order: 'id',
        context: { active_test: false },
      });
      if (!Array.isArray(result) || !result.every((id) => Number.isInteger(id))) {
        throw new OdooTransportError(`Odoo's ${model}.search answered something that is not a list of ids`);
      }
      return result as number[];
    },
    async create(model, values) {
      const result = await execute(model, 'create', [values]);
      // create takes a dict and answers an id (a list of dicts answers a list of ids).
      const id = Array.isArray(result) ? result[0] : result;
      if (!Number.isInteger(id)) throw new OdooTransportError(`Odoo's ${model}.create answered no id`);
      return id as number;
    },
    async write(model, id, values) {
      await execute(model, 'write', [[id], values]);
    },
  };
}
