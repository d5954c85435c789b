import { ROUTES } from './routes';

// The pages that open with data of their own. Opened directly, the server renders them with it
// (apps/server/src/first-page); otherwise the browser asks for it beside the sign-in state
// (boot.ts). Apart from first-data.ts, which brings the query layer: the first visit's script
// needs only this list.

export const FIRST_DATA_PAGES = [ROUTES.dashboard, ROUTES.receivedCapsules] as const;

export type FirstDataPage = (typeof FIRST_DATA_PAGES)[number];

/**
 * The page at this address when it opens with first data: on its plain address only. A query
 * string (filters, a page number) leaves the data to the page itself.
 */
export function firstDataPageAt(pathname: string, search = ''): FirstDataPage | null {
  if (search) return null;
  return FIRST_DATA_PAGES.find((page) => page === pathname) ?? null;
}
