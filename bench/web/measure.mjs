// One cold visit in headless Chromium: every script and stylesheet fetched (with its gzip size
// as the build wrote it, the budget's measure, and the bytes actually transferred), what had
// arrived by the moment the page was usable, the largest contentful paint, and the time the
// page's content appeared.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromiumProcesses, rendererSpent } from '../machine.mjs';

const env = process.env;

const gzipSize = (webDist, url) => {
  const file = path.join(webDist, new URL(url).pathname);
  try {
    return statSync(`${file}.gz`).size;
  } catch {
    return readFileSync(file).length;
  }
};

// Runs in the page before its own scripts: notes, on the page's own clock, when a text first
// enters the document and when it is first on screen, without the driver's polling delay.
// On screen is the first animation frame after it entered: a frame's callbacks run just
// before that frame is painted, and no frame runs while the page's stylesheets are still
// loading. A page the server rendered has its text in the document as soon as it is parsed,
// but shows it only with its styles (until 27 Nov 2026 the bench took the first moment, which
// for such a page was before the stylesheet had even arrived).
function watchForText(source) {
  const pattern = new RegExp(source);
  // textContent, not innerText: innerText would force a layout of the page being measured.
  const observer = new MutationObserver(() => {
    if (pattern.test(document.body?.textContent ?? '')) {
      window.__contentInDocumentAt = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => {
        window.__contentAt = performance.now();
        // Tells the driver without it reaching into the page (see visit()).
        console.debug('bench:content');
      });
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  // When the signed-in app has taken the page over (SignedInArea sets the attribute): on a page
  // the server rendered, the content shows before this, and answers clicks from here on.
  const taken = new MutationObserver(() => {
    if (document.documentElement?.hasAttribute('data-app-ready')) {
      window.__appReadyAt = performance.now();
      taken.disconnect();
    }
  });
  taken.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] });
}

/**
 * visit({ browser, url, cookie?, ready, text }) where ready(page) resolves when the page is
 * usable (the sign-in form) or its content is shown (the dashboard), and `text` (a RegExp) is
 * what marks that moment in the page; `blobs` ({ pattern, answer }) answers the storage's URLs.
 */
export async function visit({ browser, webDist, url, cookies = [], ready, text, blobs }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (cookies.length) await context.addCookies(cookies);
  // The bench's storage account does not exist: its thumbnails are answered here, as a storage
  // service would, so the cards show them and no request fails.
  if (blobs) await context.route(blobs.pattern, (route) => route.fulfill(blobs.answer));
  const page = await context.newPage();
  await page.addInitScript(watchForText, text.source);
  const assets = [];
  const pending = [];
  const started = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log('PAGE', m.type(), m.text().slice(0, 400));
  });
  page.on('pageerror', (e) => console.log('PAGEERROR', String(e).slice(0, 400)));
  page.on('request', (request) => started.push({ url: request.url(), at: Date.now() }));
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      request.sizes().then((sizes) =>
        assets.push({
          type,
          url: request.url(),
          transferred: sizes.responseBodySize + sizes.responseHeadersSize,
          gzip: gzipSize(webDist, request.url()),
          at: Date.now(),
        }),
      ),
    );
  });
  // The driver waits for the page's own note (a console message) before it looks at the page:
  // its locators inject a script and poll the document, main-thread work that would otherwise
  // run during the very load being measured (about 100 to 200 ms of it on this machine).
  const contentShown = page.waitForEvent('console', { predicate: (m) => m.text() === 'bench:content' });
  // Chromium's own CPU time and page faults up to the content, read from /proc outside the
  // measured span: on a machine whose kernel is slow to hand out memory, the renderer's system
  // time shows it (bench/machine.mjs).
  const processesBefore = chromiumProcesses();
  const start = Date.now();
  // BENCH_TRACE=/tmp/trace: Chromium's timeline of each dashboard visit, one JSON file per
  // visit (the tracing itself slows the visit; for reading, not for figures).
  const traceTo = env.BENCH_TRACE;
  const trace = traceTo && url.endsWith('/dashboard') ? `${traceTo}-${start}.json` : null;
  if (trace)
    await browser.startTracing(page, {
      path: trace,
      categories: ['devtools.timeline', 'v8', 'blink', 'loading', 'disabled-by-default-devtools.timeline'],
    });
  await page.goto(url, { waitUntil: 'commit' });
  await contentShown;
  if (trace) {
    await page.waitForTimeout(1500);
    await browser.stopTracing();
  }
  const readyAt = Date.now();
  const renderer = rendererSpent(processesBefore, chromiumProcesses());
  // Then it checks that the moment noted is the one meant (the form's button, a card's title).
  await ready(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const timing = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(
          () =>
            resolve({
              lcp,
              navStart: performance.timeOrigin,
              contentAt: window.__contentAt ?? null,
              contentInDocumentAt: window.__contentInDocumentAt ?? null,
              appReadyAt: window.__appReadyAt ?? null,
              navigation: performance.getEntriesByType('navigation')[0]?.toJSON() ?? null,
            }),
          100,
        );
      }),
  );
  await context.close();
  const beforeReady = assets.filter((a) => a.at <= readyAt);
  const origin = Math.max(start, timing.navStart);
  // When the sign-in state (with the page's data in the same batch) and the signed-in app's
  // chunk were asked for: together, not one after the other, is the point.
  const firstStart = (test) => {
    const hit = started.find((r) => test(new URL(r.url)));
    return hit ? Math.round(hit.at - origin) : null;
  };
  const sum = (list, type, key) => list.filter((a) => a.type === type).reduce((n, a) => n + a[key], 0);
  return {
    // In the page, from navigation start (both set before the page's note the driver waited for).
    readyMs: Math.round(timing.contentAt),
    contentInDocumentMs: Math.round(timing.contentInDocumentAt),
    lcpMs: timing.lcp,
    appReadyMs: timing.appReadyAt === null ? null : Math.round(timing.appReadyAt),
    // The document itself: its first and last byte, and when its parsing ended.
    htmlFirstByteMs: Math.round(timing.navigation?.responseStart ?? 0),
    htmlLastByteMs: Math.round(timing.navigation?.responseEnd ?? 0),
    parsedMs: Math.round(timing.navigation?.domInteractive ?? 0),
    serverRendered: started.length > 0 && !started.some((r) => new URL(r.url).pathname.startsWith('/trpc/')),
    jsGzipBeforeReady: sum(beforeReady, 'script', 'gzip'),
    cssGzipBeforeReady: sum(beforeReady, 'stylesheet', 'gzip'),
    jsGzip: sum(assets, 'script', 'gzip'),
    cssGzip: sum(assets, 'stylesheet', 'gzip'),
    transferred: sum(assets, 'script', 'transferred') + sum(assets, 'stylesheet', 'transferred'),
    files: assets.length,
    rendererUserMs: renderer?.userMs ?? null,
    rendererSystemMs: renderer?.systemMs ?? null,
    rendererFaults: renderer?.faults ?? null,
    authBatchAt: firstStart((u) => u.pathname.startsWith('/trpc/') && u.pathname.includes('auth.status')),
    signedInChunkAt: firstStart((u) => /\/assets\/signed-in-[^/]*\.js$/.test(u.pathname)),
    batchedDataWithAuth: started.some(
      (r) =>
        r.url.includes('auth.status') && r.url.includes('capsules.list') && r.url.includes('capsules.counts'),
    ),
  };
}
