import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { REFERRAL_COOKIE } from '@capsule/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.js';
import { memberOrNull, resolveSession } from '../modules/auth/index.js';
import { sessionCookieName } from '../plugins/session.js';
import { sendIndexHtml } from '../plugins/web-client.js';
import type { AppRouter } from '../trpc/app-router.js';
import { makeContextFactory } from '../trpc/context.js';
import { createCallerFactory } from '../trpc/init.js';
import type { FirstPage, FirstPageRenderer } from './contract.js';
import { firstPageTemplate, type ViteManifest } from './template.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A page the server renders: counted against the request limit like an API call (app.ts). */
    rendersPage?: boolean;
  }
}

/** React's mark of a Suspense boundary the server did not finish (the browser renders it). */
const UNFINISHED_BOUNDARY = '<!--$!-->';
const LAZY_WAIT_MS = 20;
/**
 * How long the first render may wait for its lazy parts. They nest (the header's actions, then
 * the user menu inside them): each is found by a render and its code imported before the next
 * render finds the one inside it. Three waits of 20 ms on an idle machine; more than five where
 * the machine was busy (the page then fell back to the browser), so a time, not a count.
 */
const LAZY_BUDGET_MS = 2_000;

/** The web app's server build, loaded, and index.html made ready for its pages. */
export interface FirstPageRendering {
  renderer: FirstPageRenderer;
  template: ReturnType<typeof firstPageTemplate>;
}

/**
 * Loads the web app's server build (`serverEntry`, apps/web/dist-ssr/entry-server.js) and the
 * built client's index.html and manifest (`webRoot`). Throws when one is missing or broken.
 */
export async function loadFirstPageRendering(
  webRoot: string,
  serverEntry: string,
): Promise<FirstPageRendering> {
  const module = (await import(pathToFileURL(serverEntry).href)) as { renderer: FirstPageRenderer };
  await module.renderer.prepare();
  const template = firstPageTemplate(
    readFileSync(path.join(webRoot, 'index.html'), 'utf8'),
    JSON.parse(readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as ViteManifest,
  );
  return { renderer: module.renderer, template };
}

export interface FirstPageOptions {
  deps: AppDeps;
  router: AppRouter;
  rendering: FirstPageRendering;
}

/**
 * A signed-in page opened directly (a bookmark, a reload, the link in a mail), rendered on the
 * server with its first data: its content is in the HTML, drawn before the browser has run any
 * of the app's script, which the browser then takes over (the dashboard's content within
 * 600 ms on a slow machine, where running the script alone took a second).
 *
 * Only for a verified session whose terms are accepted, on the page's plain address (no
 * filters): anything else, and any failure, gets index.html as before and the browser draws the
 * page (and its guard redirects) itself. The data comes from the tRPC procedures the browser
 * would call, with the same session rules and output checks, asked through TanStack Query's
 * server-side path by the web's own query definitions (renderer.loadFirstData).
 */
export const firstPagePlugin = fp(async (app: FastifyInstance, opts: FirstPageOptions) => {
  const { renderer, template } = opts.rendering;
  const createContext = makeContextFactory(opts.deps);
  const createCaller = createCallerFactory(opts.router);

  /** The page's data, or null when the browser should draw the page itself. */
  async function firstPageOf(
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
  ): Promise<FirstPage | null> {
    // Signed in with the code and the current terms accepted (the data calls' own rule);
    // otherwise the guard's redirects are the browser's to make (spec section 4).
    const session = memberOrNull(
      await resolveSession(opts.deps, request.cookies[sessionCookieName(opts.deps)]),
    );
    if (!session) return null;
    request.session = session;
    const ctx = createContext({ req: request, res: reply });
    const [status, state] = await Promise.all([
      createCaller(ctx).auth.status(),
      renderer.loadFirstData(pathname, { router: opts.router, ctx }),
    ]);
    return { at: opts.deps.clock.now().getTime(), status, state };
  }

  /**
   * The page's markup. React.lazy parts (the header's user menu) suspend the first time they
   * render, even with their code loaded, and a synchronous render then leaves that part to the
   * browser (a boundary marked `<!--$!-->`, which the browser reports as an error and draws
   * itself). Until one page has rendered whole, a render waits for them and tries again; after
   * that, such a mark is an error in the page (a render that threw), and the page falls back
   * at once rather than rendering again.
   */
  let warm = false;
  async function markupOf(pathname: string, page: FirstPage, referral: string | undefined): Promise<string> {
    const started = performance.now();
    for (;;) {
      const markup = renderer.renderFirstPage(pathname, page, referral);
      if (!markup.includes(UNFINISHED_BOUNDARY)) {
        warm = true;
        return markup;
      }
      if (warm || performance.now() - started >= LAZY_BUDGET_MS) {
        // React's own message for the part (kept for the log: this page is never sent).
        const reason = /data-msg="([^"]*)"/.exec(markup)?.[1] ?? 'still loading';
        throw new Error(`a part of ${pathname} did not render on the server: ${reason}`);
      }
      await setTimeout(LAZY_WAIT_MS);
    }
  }

  for (const pathname of renderer.pages) {
    // HEAD is not rendered: it would run the statements and the render for no body (it gets
    // what any other HEAD of a page gets).
    app.get(pathname, { exposeHeadRoute: false, config: { rendersPage: true } }, async (request, reply) => {
      const query = request.url.indexOf('?');
      const search = query < 0 ? '' : request.url.slice(query);
      let html: string | null = null;
      try {
        const page = renderer.rendersAt(pathname, search)
          ? await firstPageOf(request, reply, pathname)
          : null;
        if (page) {
          const referral = request.cookies[REFERRAL_COOKIE.name];
          html = template.render(await markupOf(pathname, page, referral), page);
        }
      } catch (error) {
        request.log.warn(
          { err: error, path: pathname },
          'page not rendered on the server; sent for the browser to draw',
        );
      }
      if (html === null) return sendIndexHtml(reply);
      // The visitor's own data: never stored by a cache, ours or a proxy's.
      return reply
        .header('cache-control', 'private, no-store')
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  }
});
