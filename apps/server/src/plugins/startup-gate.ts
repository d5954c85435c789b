import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ERROR_TEXTS } from '../errors.js';
import { isApiPath } from '../lib/paths.js';

/**
 * Until the database is migrated, API calls answer 503 (and /readyz says not ready) while the
 * process already listens: /healthz shows it alive, and it serves as soon as the database
 * answers. server.ts opens the gate; apps built without one (tests) are open from the start.
 * On SIGTERM server.ts drains through it: /readyz says not ready for SHUTDOWN_DRAIN_SECONDS
 * while requests are still served, so a load balancer takes the instance out before it stops
 * accepting connections (docs/operations/deployment.md).
 */
export interface StartupGate {
  readonly isOpen: boolean;
  /** Shutting down: /readyz answers 503 so the balancer stops sending, the API still serves. */
  readonly isDraining: boolean;
  open(): void;
  drain(): void;
}

export function createStartupGate(): StartupGate {
  let isOpen = false;
  let isDraining = false;
  return {
    get isOpen() {
      return isOpen;
    },
    get isDraining() {
      return isDraining;
    },
    open() {
      isOpen = true;
    },
    drain() {
      isDraining = true;
    },
  };
}

export const startupGatePlugin = fp(async (app: FastifyInstance, opts: { gate: StartupGate }) => {
  app.addHook('onRequest', async (request, reply) => {
    // Draining (SIGTERM behind a balancer): out of rotation first, requests still answered. Not
    // an outage, so not answered (nor logged) as one.
    if (opts.gate.isDraining && request.url.startsWith('/readyz')) {
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'draining' });
    }
    if (opts.gate.isOpen) return;
    if (isApiPath(request.url) || request.url.startsWith('/readyz')) {
      throw new AppError('UNAVAILABLE', ERROR_TEXTS.unavailable);
    }
  });
});
