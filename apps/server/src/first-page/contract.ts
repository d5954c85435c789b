import type { AppRouter, RouterOutputs } from '../trpc/app-router.js';
import type { Context } from '../trpc/context.js';

// What the server and the web app's server build (apps/web/src/ssr/entry-server.tsx) say to
// each other when a signed-in page is rendered on the server, so its content is in the HTML
// before the browser has run any script. Types only: the web app imports them. `State` is the
// web's query cache as TanStack Query's dehydrate writes it: the server only carries it.

/** The page's data as the server answered it; sent in the page for the browser's first render. */
export interface FirstPage<State = unknown> {
  /** When the server answered (ms since the epoch): the clock both renders draw with. */
  at: number;
  /** auth.status, as the client would have asked it. */
  status: RouterOutputs['auth']['status'];
  /** The page's first data, dehydrated: what both renders hydrate their data cache from. */
  state: State;
}

/** The web app's server build. */
export interface FirstPageRenderer<State = unknown> {
  /** The pages that open with first data: the ones the server may render. */
  pages: readonly string[];
  /**
   * Whether the page at `pathname` is rendered here, given its query string (`search`, '' or
   * '?…'): filters are the browser's to ask for.
   */
  rendersAt(pathname: string, search: string): boolean;
  /**
   * The page's first data through the router's own procedures under the request's context
   * (tRPC's server-side caller), dehydrated. Rejects unless every call answered.
   */
  loadFirstData(pathname: string, source: { router: AppRouter; ctx: Context }): Promise<State>;
  /**
   * The page's markup: what goes inside index.html's root element. Synchronous. `referral`:
   * the request's referral cookie, which the page reads into its shop links.
   */
  renderFirstPage(pathname: string, page: FirstPage<State>, referral: string | undefined): string;
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
