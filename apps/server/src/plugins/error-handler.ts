import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_CODES, ERROR_TEXTS, toAppError, zodFieldMessages } from '../errors.js';
import { applySecurityHeaders, type SecurityHeaders } from './security-headers.js';

// How long a client should wait before retrying while the database is away.
const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * A REST input its schema refused (rest/inputs.ts), as the AppError the handler's own parse of
 * that schema gave: the first issue's message, and the messages by the field's path.
 */
function schemaRefusal(error: unknown): AppError | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const issues = error.validation.map((issue) => ({
    message: issue.message ?? ERROR_TEXTS.badRequest,
    // '/info/deliveryDate' for the path ['info', 'deliveryDate']; '/' for the input itself.
    path: issue.instancePath.split('/').slice(1),
  }));
  return new AppError('BAD_INPUT', issues[0]?.message ?? ERROR_TEXTS.badRequest, zodFieldMessages(issues));
}

/**
 * Every refusal and failure of the HTTP app leaves through here, as `{ "error": "..." }` (plus
 * `fields` for per-field validation messages) with the status of the one table in errors.ts.
 * 5xx texts are fixed: the real error is logged, never sent.
 */
function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const appError = schemaRefusal(error) ?? toAppError(error);
  const status = ERROR_CODES[appError.code].http;
  if (appError.code === 'INTERNAL') request.log.error({ err: error }, 'request failed');
  if (appError.code === 'UNAVAILABLE') {
    // One short line: during an outage this fires for every request.
    request.log.warn(`database unavailable: ${error instanceof Error ? error.message : String(error)}`);
    reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
  }
  const fields = appError.fields && Object.keys(appError.fields).length > 0 ? appError.fields : undefined;
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(fields ? { error: appError.message, fields } : { error: appError.message });
}

/** The error handler, the JSON 404 for API paths, and Fastify's pre-routing refusals. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
});

/**
 * Fastify refuses a malformed percent-encoding or an over-long path parameter before routing,
 * so no hook has run: the security headers are added here. Passed to Fastify() as
 * `frameworkErrors`.
 */
export function frameworkErrorHandler(headers: SecurityHeaders) {
  return (error: Error, request: FastifyRequest, reply: FastifyReply) => {
    applySecurityHeaders(reply, headers);
    return sendError(request, reply, error);
  };
}

/**
 * Refusals Node's HTTP parser makes before Fastify sees a request (headers over ~16 KB, a
 * malformed request line): written on the raw socket, so they too carry our body and the
 * security headers. Passed to Fastify() as `clientErrorHandler`.
 */
export function clientErrorHandler(headers: SecurityHeaders) {
  const statusOf = (code: unknown) =>
    code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const texts: Record<number, string> = {
    431: 'The request headers or the address are too long.',
    408: 'The request took too long to arrive.',
    400: ERROR_TEXTS.badRequest,
  };
  const reasons: Record<number, string> = {
    431: 'Request Header Fields Too Large',
    408: 'Request Timeout',
    400: 'Bad Request',
  };
  return (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return;
    const status = statusOf(error.code);
    const body = JSON.stringify({ error: texts[status] });
    socket.end(
      [
        `HTTP/1.1 ${status} ${reasons[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        ...headers.map(([name, value]) => `${name}: ${value}`),
        '',
        body,
      ].join('\r\n'),
    );
  };
}

export const NOT_FOUND_BODY = { error: ERROR_TEXTS.notFound } as const;
