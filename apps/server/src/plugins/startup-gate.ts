import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ERROR_TEXTS } from '../errors.js';
import { isApiPath } from '../lib/paths.js';

/**
 * Until the database is migrated, API calls answer 503 (and /readyz says not ready) while the
 * process already listens: /healthz shows it alive, and it serves as soon as the database
 * answers. server.ts opens the gate; apps built without one (tests) are open from the start.
 */
export interface StartupGate {
  readonly isOpen: boolean;
  open(): void;
}

export function createStartupGate(): StartupGate {
  let isOpen = false;
  return {
    get isOpen() {
      return isOpen;
    },
    open() {
      isOpen = true;
    },
  };
}

export const startupGatePlugin = fp(async (app: FastifyInstance, opts: { gate: StartupGate }) => {
  app.addHook('onRequest', async (request) => {
    if (opts.gate.isOpen) return;
    if (isApiPath(request.url) || request.url.startsWith('/readyz')) {
      throw new AppError('UNAVAILABLE', ERROR_TEXTS.unavailable);
    }
  });
});
