import type { Config } from '../config.js';

/** The Vite dev server of apps/web (vite.config.ts), which proxies the API in development. */
const DEV_WEB_PORT = 5173;

/**
 * The origins a browser runs the portal from: the public URL, and in development also the
 * Vite dev server and the localhost / 127.0.0.1 twins of both (a developer opens either). Blob
 * storage lets these PUT blocks and GET videos (CORS), as the browser talks to storage directly.
 */
export function browserOrigins(config: Pick<Config, 'publicUrl' | 'isProduction'>): string[] {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (!config.isProduction) {
    for (const origin of [...origins, `http://localhost:${DEV_WEB_PORT}`]) {
      const url = new URL(origin);
      for (const host of ['localhost', '127.0.0.1']) {
        url.hostname = host;
        origins.add(url.origin);
      }
    }
  }
  return [...origins].sort();
}
