import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

export type SecurityHeaders = ReadonlyArray<readonly [string, string]>;

/**
 * helmet's header set for our policy, computed once at start. Nothing in it depends on the
 * request (no CSP nonces), so every answer gets the same headers: the routes', the 404s', and
 * the refusals Fastify makes before any hook runs (a malformed URL, an over-long parameter),
 * which a per-request hook would miss.
 */
export function computeSecurityHeaders(
  config: Pick<Config, 'publicUrl' | 'isProduction'>,
  /** The blob storage the browser uploads to and plays from (its thumbnails, the preview). */
  blobEndpoint: string,
): SecurityHeaders {
  const https = config.publicUrl.startsWith('https://');
  // A storage account is https (allowed below); the emulator serves plain http, in development
  // only, and wherever it runs: its own origin, read from the storage the app really uses.
  const devBlob =
    !config.isProduction && blobEndpoint.startsWith('http://') ? [new URL(blobEndpoint).origin] : [];
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...devBlob],
        mediaSrc: ["'self'", 'blob:', 'https:', ...devBlob],
        connectSrc: ["'self'", 'https:', ...devBlob],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  };
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  helmet(options)({} as never, recorder, () => undefined);
  return [...headers.entries()];
}

export function applySecurityHeaders(reply: FastifyReply, headers: SecurityHeaders): void {
  for (const [name, value] of headers) reply.header(name, value);
}

/** Sets the security headers on every reply, before any handler can answer. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { headers: SecurityHeaders }) => {
  app.addHook('onRequest', async (_request, reply) => {
    applySecurityHeaders(reply, opts.headers);
  });
});
