import type { RouterOutputs } from '../trpc/app-router.js';

// What the server and the web app's server build (apps/web/src/ssr/entry-server.tsx) say to
// each other when a signed-in page is rendered on the server (issue #10: the dashboard's
// content before the browser has run any script). Types only: the web app imports them.

/** One call of a page's first data: the procedure path ('capsules.list') and its input. */
export interface FirstQuery {
  path: string;
  input: unknown;
}

/** The page's data as the server answered it; sent in the page for the browser's first render. */
export interface FirstPage {
  /** When the server answered (ms since the epoch): the clock both renders draw with. */
  at: number;
  /** auth.status, as the client would have asked it. */
  status: RouterOutputs['auth']['status'];
  /** Every first query of the page, in the order firstQueries gave, with its answer. */
  answers: Array<FirstQuery & { value: unknown }>;
}

/** The web app's server build. */
export interface FirstPageRenderer {
  /** The pages that open with first data: the ones the server may render. */
  pages: readonly string[];
  /**
   * The calls the page at `pathname` opens with, given its query string (`search`, '' or
   * '?…'); none: the page is not rendered here (filters are the browser's to ask for).
   */
  firstQueries(pathname: string, search: string): readonly FirstQuery[];
  /**
   * The page's markup: what goes inside index.html's root element. Synchronous. `referral`:
   * the request's referral cookie, which the page reads into its shop links.
   */
  renderFirstPage(pathname: string, page: FirstPage, referral: string | undefined): string;
  /** Loads the signed-in app's code; rendering waits for it once, at start. */
  prepare(): Promise<void>;
}

/** The id of the element the page carries its FirstPage in, as JSON (a script of type JSON). */
export const FIRST_PAGE_ELEMENT_ID = 'first-page';

/**
 * Set on `<html>` of a page the server rendered. The data element itself is removed once read
 * (apps/web/src/app/first-page.ts), so that a later visitor of the same tab cannot find it.
 */
export const FIRST_PAGE_ATTRIBUTE = 'data-first-page';
