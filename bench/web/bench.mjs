// The web bench: the sign-in page and the dashboard, each opened cold three times
// in headless Chromium against the real server (built web client, precompressed assets), the
// median printed. `npm run bench:web` (it builds first).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createAppDeps } from '../../apps/server/dist/deps.js';
import { describeMachine } from '../machine.mjs';
import { benchServices, signInBenchUser } from '../server/app.mjs';
import { scratchDatabase } from '../server/database.mjs';
import { options } from '../server/options.mjs';
import { bulkInsertCapsules } from '../server/seed.mjs';
import { visit } from './measure.mjs';

const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const CHROMIUM = options.chromiumPath;
const RUNS = 3;
const BUDGET = { js: 120 * 1024, css: 25 * 1024, dashboardMs: 600 };

// The machine's floor: a page with no framework that asks one JSON call and writes its answer,
// opened the same way. What the portal's pages take beyond it is theirs; the floor itself is
// the browser and machine (a new context, the renderer's start, one round trip).
const FLOOR_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body>
<p id="out">…</p><script>fetch('/data').then((r) => r.json()).then((d) => { document.getElementById('out').textContent = d.text; });</script>
</body></html>`;

async function startFloorPage() {
  const server = createServer((request, response) => {
    const json = request.url === '/data';
    response.setHeader('content-type', json ? 'application/json' : 'text/html; charset=utf-8');
    response.end(json ? JSON.stringify({ text: 'Capsule #1' }) : FLOOR_HTML);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

// A thumbnail as the storage would send one: a 320 by 180 JPEG, drawn by the browser itself so
// that the repository holds no binary.
async function thumbnailJpeg(browser) {
  const page = await browser.newPage({ viewport: { width: 320, height: 180 } });
  await page.setContent(
    '<body style="margin:0"><div style="width:320px;height:180px;background:linear-gradient(135deg,#f4a261,#2a9d8f 60%,#264653)"></div></body>',
  );
  const body = await page.screenshot({ type: 'jpeg', quality: 80 });
  await page.close();
  return body;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const WARM_UP_REQUESTS = 40;

/** Asks for `url` WARM_UP_REQUESTS times; the median time of the last ten answers, in ms. */
async function warmUp(url, cookie) {
  const times = [];
  for (let i = 0; i < WARM_UP_REQUESTS; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const html = await response.text();
    times.push(performance.now() - started);
    if (!html.includes('Capsule #')) throw new Error(`${url} was not rendered by the server`);
  }
  return median(times.slice(-10));
}

export async function runWebBench() {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium, or CHROMIUM_PATH)`);
  const { handle, drop } = await scratchDatabase({ databaseUrl: options.databaseUrl, poolSize: 10 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-web-bench-'));
  const config = Object.freeze({
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-secret-'.repeat(4),
      LOG_LEVEL: 'silent',
      API_RATE_LIMIT: '100000000',
    }),
  });
  const outbox = [];
  const mailer = { send: async (m) => void outbox.push(m), close: () => {} };
  const services = benchServices();
  const web = await buildApp(createAppDeps({ config, db: handle.db, mailer, ...services }), {
    logger: false,
  });
  await web.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${web.server.address().port}`;
  const { userId, cookie } = await signInBenchUser(handle.db, { base, outbox });
  await bulkInsertCapsules(handle.db, [{ ownerId: userId, from: 1, to: 40 }]);
  const [name, value] = cookie.split('=');
  const cookies = [{ name, value, url: base }];

  // The server renders the dashboard's first view (apps/server/src/first-page): a running
  // server has rendered it many times, so its code is compiled and its lazy parts loaded. The
  // visits below are cold for the browser, not for the server. The last answers' times are
  // printed: what the server adds to the content time.
  const rendered = await warmUp(`${base}/dashboard`, cookie);

  // Read before the browser starts, so its own start does not weigh on the probe.
  const machine = describeMachine();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  const floor = await startFloorPage();
  const blobs = {
    // The thumbnails' URLs: the bench storage's own endpoint.
    pattern: `${services.storage.endpoint}/**`,
    answer: { status: 200, contentType: 'image/jpeg', body: await thumbnailJpeg(browser) },
  };
  const routes = [
    {
      name: 'floor (no framework)',
      url: floor.url,
      cookies: [],
      text: /Capsule #1/,
      ready: (page) => page.getByText('Capsule #1').waitFor({ state: 'visible' }),
    },
    {
      name: '/login (signed out)',
      url: `${base}/login`,
      cookies: [],
      text: /Sign In/,
      // Usable: the form is on screen and its button can be pressed.
      ready: (page) => page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' }),
    },
    {
      name: '/dashboard (signed in)',
      url: `${base}/dashboard`,
      cookies,
      blobs,
      text: /Capsule #\d+/,
      // Content: the first capsule card with its title.
      ready: (page) =>
        page
          .getByText(/Capsule #\d+/)
          .first()
          .waitFor({ state: 'visible' }),
    },
  ];
  const results = [];
  for (const route of routes) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await visit({ browser, webDist: WEB_DIST, ...route }));
    const pick = (key) => (typeof runs[0][key] === 'number' ? median(runs.map((r) => r[key])) : runs[0][key]);
    results.push({ name: route.name, ...Object.fromEntries(Object.keys(runs[0]).map((k) => [k, pick(k)])) });
  }
  await browser.close();
  floor.close();
  await web.close();
  rmSync(dataDir, { recursive: true, force: true });
  await handle.close();
  await drop();

  console.log(`\nWeb: median of ${RUNS} cold visits in headless Chromium on loopback`);
  console.log(`Machine: ${machine}\n`);
  console.log(
    'route                     JS gz before ready  CSS gz before ready  JS gz all  CSS gz all  transferred  LCP ms  ready/content ms',
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(25)} ${kb(r.jsGzipBeforeReady).padStart(18)} ${kb(r.cssGzipBeforeReady).padStart(20)} ${kb(r.jsGzip).padStart(10)} ${kb(r.cssGzip).padStart(11)} ${kb(r.transferred).padStart(12)} ${String(Math.round(r.lcpMs)).padStart(7)} ${String(r.readyMs).padStart(17)}`,
    );
  }
  const [floorPage, login, dashboard] = results;
  console.log(
    '\nThe document (ms from navigation): first byte, last byte, parsed; the content in the document, then on screen',
  );
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(25)} ${r.htmlFirstByteMs}, ${r.htmlLastByteMs}, ${r.parsedMs}; ${r.contentInDocumentMs}, ${r.readyMs}`,
    );
  }
  if (dashboard.serverRendered) {
    console.log(
      `\nDashboard: rendered by the server (its answer took ${rendered.toFixed(1)} ms, the median of the last 10 of ${WARM_UP_REQUESTS} warm-up requests), with its data in the page (no data request); signed-in chunk asked at ${dashboard.signedInChunkAt} ms, the app took the page over at ${dashboard.appReadyMs} ms`,
    );
  } else {
    console.log(
      `\nDashboard: auth.status batch asked at ${dashboard.authBatchAt} ms (page data in the same batch: ${dashboard.batchedDataWithAuth ? 'yes' : 'no'}), signed-in chunk at ${dashboard.signedInChunkAt} ms, the app ready at ${dashboard.appReadyMs} ms`,
    );
  }
  console.log(
    `Floor: a page with no framework showed one JSON answer at ${floorPage.readyMs} ms; the dashboard took ${dashboard.readyMs - floorPage.readyMs} ms more, the sign-in form ${login.readyMs - floorPage.readyMs} ms more`,
  );
  if (dashboard.rendererUserMs !== null) {
    console.log('\nRenderer CPU until ready/content (all its threads; from /proc):');
    for (const r of results) {
      console.log(
        `  ${r.name.padEnd(25)} user ${Math.round(r.rendererUserMs)} ms, system ${Math.round(r.rendererSystemMs)} ms, ${r.rendererFaults} page faults`,
      );
    }
  }
  console.log('\nGoals');
  console.log(
    `  sign-in JS before usable ≤ ${kb(BUDGET.js)}: ${kb(login.jsGzipBeforeReady)} ${login.jsGzipBeforeReady <= BUDGET.js ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  sign-in CSS before usable ≤ ${kb(BUDGET.css)}: ${kb(login.cssGzipBeforeReady)} ${login.cssGzipBeforeReady <= BUDGET.css ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  dashboard content ≤ ${BUDGET.dashboardMs} ms: ${dashboard.readyMs} ms ${dashboard.readyMs <= BUDGET.dashboardMs ? 'met' : 'MISSED'}`,
  );
  return results;
}
