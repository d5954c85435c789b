import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

// Vite names every built asset by its content hash (assets/index-3f9a.js): a changed file is a
// new URL, so those are cached for a year and never revalidated. index.html names them, so it
// is revalidated on every visit and never served stale.
const HASHED_ASSET = /^assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** index.html for a client route (the not-found handler, a page not rendered on the server). */
export const sendIndexHtml = (reply: FastifyReply) => reply.type('text/html').sendFile('index.html');

/**
 * The built web client: the brotli or gzip file made at build time when the browser accepts
 * it (with Content-Encoding and Vary: Accept-Encoding), cache rules by kind of file. The
 * not-found handler in app.ts sends index.html for every client route, with the same rules.
 */
export const webClientPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: 'index.html',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const relative = path.relative(opts.root, filePath).split(path.sep).join('/');
      reply.header('cache-control', HASHED_ASSET.test(relative) ? IMMUTABLE : REVALIDATE);
    },
  });
});
