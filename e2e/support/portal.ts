import { type ServedPortal, startServedPortal } from '../../apps/server/test/support/browser-portal.js';

/**
 * The shop's address the browser tests give the server (SHOP_URL): not the default, so a test
 * that finds it in a link knows the client took it from the server.
 */
export const E2E_SHOP_URL = 'https://shop.e2e.example/capsules';

/**
 * The built portal on a free port, with its database, mail catcher and data helpers: the
 * server's test-support entry point (apps/server/test/support/browser-portal.ts), the only
 * server code the browser tests import.
 */
export function startPortal(): Promise<Portal> {
  return startServedPortal({ env: { SHOP_URL: E2E_SHOP_URL } });
}

export type Portal = ServedPortal;
