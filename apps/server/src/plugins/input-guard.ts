import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badInput } from '../errors.js';
import { isTrpcPath } from '../lib/paths.js';
import { unsafeInputReason } from '../lib/safe-input.js';

/**
 * Refuses REST input PostgreSQL cannot store (lib/safe-input.ts) before any handler runs.
 * tRPC reads its input itself (a GET carries it JSON-encoded), so trpc/init.ts applies the
 * same check as a middleware.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (isTrpcPath(request.url)) return;
    const reason =
      unsafeInputReason(request.params) ??
      unsafeInputReason(request.query) ??
      unsafeInputReason(request.body);
    if (reason) throw badInput(reason);
  });
});
