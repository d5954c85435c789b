import { Counter, Histogram, type Registry } from 'prom-client';
import { type AppErrorCode, ERROR_CODES } from '../../errors.js';

// The HTTP series of one app instance: requests, their time and their errors, by route. A route
// is the template Fastify matched ('/api/capsules/:id'), never the address asked for, so no id or
// anything a client typed reaches a label. tRPC serves every procedure on one Fastify route: its
// calls are labelled by procedure, each call of a batch on its own.

/** A request that matched no route (a wrong address, a client page served by the 404 handler). */
export const UNMATCHED_ROUTE = '(unmatched)';
/** A tRPC path that names no procedure of the router. */
export const UNKNOWN_PROCEDURE = '(unknown)';

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

/** A tRPC call that failed, as tRPC's onError told it: the path it named and the HTTP status of its error. */
export interface TrpcFailure {
  path: string | undefined;
  status: number;
}

/** One answered request, as the onResponse hook sees it. */
export interface HttpExchange {
  method: string;
  /** The matched route's template (Fastify's routeOptions.url); undefined when none matched. */
  route: string | undefined;
  status: number;
  seconds: number;
  /** On the tRPC route: the path parameter, whether it is a batch, and the calls that failed. */
  trpc?: { path: string; batch: boolean; failures: readonly TrpcFailure[] } | undefined;
}

const CODE_BY_STATUS = new Map<number, AppErrorCode>(
  Object.entries(ERROR_CODES).map(([code, { http }]) => [http, code as AppErrorCode]),
);

/** The app's error code of a refusal (errors.ts's table, one status per code), else the status itself. */
export const errorCodeOf = (status: number): string => CODE_BY_STATUS.get(status) ?? `HTTP_${status}`;

/**
 * The calls of a tRPC request, each with its own status. A batch names several procedures
 * ('a,b,a'): each is a call, answered 200 unless tRPC reported its error. A request refused before
 * tRPC ran (rate limit, startup gate, a cross-site write) reported nothing: every call has the
 * answer's status. A path that names no procedure is one label, whatever was typed.
 */
export function trpcCalls(
  trpc: NonNullable<HttpExchange['trpc']>,
  status: number,
  procedures: ReadonlySet<string>,
): Array<{ procedure: string; status: number }> {
  const names = trpc.batch ? trpc.path.split(',') : [trpc.path];
  const failures = [...trpc.failures];
  return names.map((name) => {
    const at = failures.findIndex((f) => f.path === name);
    const failure = at >= 0 ? failures.splice(at, 1)[0] : undefined;
    const callStatus = failure?.status ?? (trpc.failures.length === 0 && status >= 400 ? status : 200);
    return { procedure: procedures.has(name) ? name : UNKNOWN_PROCEDURE, status: callStatus };
  });
}

export function createHttpMetrics(
  registry: Registry,
  options: { trpcRoute: string; trpcPrefix: string; procedures: ReadonlySet<string> },
) {
  const requests = new Counter({
    name: 'capsule_http_requests_total',
    help: 'Requests answered, by method, route template (tRPC: by procedure) and HTTP status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'capsule_http_request_duration_seconds',
    help: 'Time to answer, by method and route template (a tRPC batch: its time, for each of its calls)',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'capsule_http_errors_total',
    help: "Requests refused or failed (status 400 and above), by route template and the app's error code",
    labelNames: ['route', 'code'] as const,
    registers: [registry],
  });

  const count = (method: string, route: string, status: number, seconds: number) => {
    requests.inc({ method, route, status: String(status) });
    duration.observe({ method, route }, seconds);
    if (status >= 400) errors.inc({ route, code: errorCodeOf(status) });
  };

  return {
    record(exchange: HttpExchange): void {
      const { method, status, seconds } = exchange;
      if (exchange.route === options.trpcRoute && exchange.trpc) {
        for (const call of trpcCalls(exchange.trpc, status, options.procedures)) {
          count(method, `${options.trpcPrefix}/${call.procedure}`, call.status, seconds);
        }
        return;
      }
      count(method, exchange.route ?? UNMATCHED_ROUTE, status, seconds);
    },
  };
}
