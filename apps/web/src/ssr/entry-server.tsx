// The web app's server build (vite build --ssr): the server renders a signed-in page's first
// view with it, so its content is in the HTML before the browser has run any script
// (apps/server/src/first-page). The browser then takes the same markup over (main.tsx), from
// the same dehydrated data (app/first-data.ts).
import { REFERRAL_COOKIE } from '@capsule/domain';
import type { FirstPage, FirstPageRenderer } from '@capsule/server/first-page';
import type { DehydratedState } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createContext, type ReactNode, StrictMode, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '../app/App';
import { loadFirstData } from '../app/first-data';
import { FIRST_DATA_PAGES, firstDataPageAt } from '../app/first-data-pages';
import { preloadSignedIn } from '../app/router';
import { CookieJarContext } from '../features/affiliates/referral-cookie';
import { answered } from '../lib/settled';
import { makeTrpcClient } from '../lib/trpc-client';

// A render makes no request: its data came with it. A call would be a page asking for what the
// server did not answer, and the query layer does not fetch while rendering on a server anyway.
const noCalls = makeTrpcClient([
  () =>
    ({ op }) =>
      observable((observer) => {
        observer.error(new TRPCClientError(`${op.path} was not answered for the server's render`));
      }),
]);

/** The address rendered, for the router below (a component of the module's, not one per render). */
const PathContext = createContext('/');

function RouterAtPath({ children }: { children: ReactNode }) {
  return <StaticRouter location={useContext(PathContext)}>{children}</StaticRouter>;
}

function renderFirstPage(
  pathname: string,
  page: FirstPage<DehydratedState>,
  referral: string | undefined,
): string {
  // The data goes down the tree with this render only (a context): one visitor's answers
  // never reach another's page.
  return renderToString(
    <PathContext value={pathname}>
      <CookieJarContext
        value={{ cookie: referral === undefined ? '' : `${REFERRAL_COOKIE.name}=${referral}` }}
      >
        <StrictMode>
          <App
            trpcClient={noCalls}
            initialStatus={answered(page.status, page.at)}
            Router={RouterAtPath}
            renderClock={page.at}
            firstData={{ state: page.state }}
          />
        </StrictMode>
      </CookieJarContext>
    </PathContext>,
  );
}

export const renderer: FirstPageRenderer<DehydratedState> = {
  pages: FIRST_DATA_PAGES,
  rendersAt: (pathname, search) => firstDataPageAt(pathname, search) !== null,
  loadFirstData(pathname, source) {
    const page = firstDataPageAt(pathname);
    if (!page) return Promise.reject(new Error(`${pathname} opens with no first data`));
    return loadFirstData(page, source, { every: true });
  },
  renderFirstPage,
  async prepare() {
    // The signed-in app's code, loaded once: a render must not meet a component still loading
    // (it would draw the loading screen). The first import reports a failure; the router's own
    // load then finds the module ready.
    await import('../app/signed-in');
    await preloadSignedIn();
  },
};
