import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { AppError, ERROR_CODES } from '../errors.js';

/** The first readable message of a zod error: what the user would see under the field. */
export function firstIssueMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** REST errors are `{ "error": "..." }` with the right status; 5xx text never leaves the server. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(ERROR_CODES[error.code].http).send({ error: error.message });
    }
    if (error instanceof ZodError) {
      return reply.code(400).send({ error: firstIssueMessage(error) });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ error: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Internal server error' });
  });
});
