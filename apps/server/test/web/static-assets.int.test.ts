import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The built web client (npm test builds it first): precompressed, cached by kind of file.
const INDEX = fileURLToPath(new URL('../../../web/dist/index.html', import.meta.url));

describe('the web client as the browser gets it', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let script: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    app = await buildApp(t.deps, { serveWeb: true, logger: false });
    const match = readFileSync(INDEX, 'utf8').match(/src="(\/assets\/[^"]+\.js)"/);
    if (!match?.[1]) throw new Error('apps/web/dist/index.html names no script: run `npm run build`');
    script = match[1];
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('hashed assets: brotli or gzip as accepted, cached for a year, immutable', async () => {
    const br = await get(script, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);

    const gzip = await get(script, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(br.rawPayload.length * 1.5);

    const plain = await get(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(gzip.rawPayload.length * 2);
  });

  it('index.html, for / and for any client route, is revalidated on every visit', async () => {
    for (const url of ['/', '/dashboard', '/contacts?view=map']) {
      const page = await get(url, 'br, gzip');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
