// Before any load: every target answers correctly for the account's size, and what each one
// asks the database is recorded (statements per request) and the list statements explained.
import { CompiledQuery } from 'kysely';
import { describeStatement } from './queries.mjs';
import { targetHeaders } from './targets.mjs';

function assert(condition, message) {
  if (!condition) throw new Error(`bench check failed: ${message}`);
}

async function getOk(url, headers) {
  const get = () => fetch(url, { headers });
  // A keep-alive connection left idle through a long seeding may be closed by the server
  // (Fastify's keep-alive timeout) just as it is reused: then once more on a fresh one.
  const res = await get().catch((error) => {
    if (error?.cause?.code !== 'ECONNRESET') throw error;
    return get();
  });
  assert(res.ok, `${url} answered ${res.status}: ${await res.clone().text()}`);
  return res;
}

async function getJson(base, path, cookie) {
  const res = await getOk(base + path, cookie ? { cookie } : {});
  return { body: await res.json(), headers: res.headers };
}

/** Throws unless every target's answer agrees with an account of `size` capsules. */
export async function checkAnswers({ appBase, minimalBase, cookie, size }) {
  const page = (await getJson(minimalBase, '/page')).body;
  assert(
    page.length === 12 && Number(page[0].matching_total) === size,
    `minimal page: 12 rows, total ${size} (${page.length} rows, total ${page[0]?.matching_total})`,
  );
  const ids = page.map((r) => r.id).join();

  const rest = await getJson(appBase, '/api/capsules?page=1', cookie);
  assert(rest.headers.get('x-total-count') === String(size), `REST x-total-count ${size}`);
  assert(rest.body.map((c) => c.id).join() === ids, 'REST list: the same 12 capsules as the minimal route');

  const [trpc] = (await getJson(appBase, `/trpc/capsules.list?batch=1&input=${listInput(0)}`, cookie)).body;
  assert(trpc.result.data.total === size, `tRPC list total ${size}`);
  assert(trpc.result.data.capsules.map((c) => c.id).join() === ids, 'tRPC list: the same 12 capsules');

  const counts = (await getJson(appBase, '/api/capsules/counts', cookie)).body;
  assert(counts.total === size && counts.received === 50, `counts: total ${size}, 50 received`);

  const batch = (
    await getJson(
      appBase,
      `/trpc/capsules.counts,subscriptions.current,capsules.list?batch=1&input=${listInput(2)}`,
      cookie,
    )
  ).body;
  assert(batch.length === 3 && batch.every((r) => r.result), 'dashboard batch: three results');
  assert(batch[0].result.data.total === size && batch[2].result.data.total === size, 'dashboard totals');
  assert(batch[1].result.data.allowance === 1000, 'dashboard subscription');

  const status = (await getJson(appBase, '/api/login-status', cookie)).body;
  assert(status.loggedIn && status.hasReadTerms, 'login-status: signed in, terms read');
  const signedOut = (await getJson(appBase, '/api/login-status')).body;
  assert(signedOut.loggedIn === false, 'login-status without the cookie: signed out');

  const byDelivery = (await getJson(appBase, '/api/capsules?page=1&sortby=delivery', cookie)).body;
  const days = byDelivery.map((c) => c.x_studio_delivery_date);
  assert(byDelivery.length === 12, 'delivery order: a full page');
  assert(
    days.every((d, i) => i === 0 || d === null || (days[i - 1] !== null && days[i - 1] <= d)),
    `delivery order: ascending, empty dates last (${days.join(', ')})`,
  );
}

/**
 * Throws unless each app started with kept shims off answers the lists byte for byte as the app
 * with them on does (thumbnail SAS URLs included): a shim that changed an answer would be
 * measured against something else. Asked once more on a difference, since a thumbnail's
 * 10-minute window may turn between the two answers.
 */
export async function checkSameLists({ onBase, offApps, targets, cookie }) {
  const text = async (base, target) => {
    const res = await getOk(base + target.path, targetHeaders(target, cookie));
    return `${res.headers.get('x-total-count')}\n${await res.text()}`;
  };
  for (const target of targets) {
    for (const { off, base } of offApps) {
      let same = false;
      for (let attempt = 0; attempt < 2 && !same; attempt++) {
        same = (await text(onBase, target)) === (await text(base, target));
      }
      assert(same, `${target.key} with KEPT_SHIMS_OFF=${off} answers otherwise than with the shims on`);
    }
  }
}

const listInput = (index) =>
  encodeURIComponent(JSON.stringify({ [index]: { status: null, types: [], page: 1 } }));

/** The statements one request of each app target runs, through the recording instance. */
export async function recordQueries({ counted, recorder, targets, cookie }) {
  const recorded = {};
  for (const target of targets) {
    if (target.on !== 'app') continue;
    const ask = async () => {
      const res = await counted.inject({
        method: 'GET',
        url: target.path,
        headers: targetHeaders(target, cookie),
      });
      assert(res.statusCode === 200, `${target.path} (recorded) answered ${res.statusCode}`);
    };
    // Once unrecorded first: a session last seen over a minute ago is touched (one UPDATE, at
    // most once a minute, session.service.ts) by whichever request comes next.
    await ask();
    recorded[target.key] = await recorder.during(ask);
  }
  return recorded;
}

/** The REST list's page statement (12 capsules and their total), which the minimal route runs. */
export function pageStatement(recorded) {
  const page = recorded.restList.filter((s) => /\bfrom "capsules"/.test(s.sql));
  assert(page.length === 1, 'the REST list sends one statement reading capsules');
  return page[0];
}

export const summarise = (statements) => statements.map(describeStatement).join('; ');

/** EXPLAIN ANALYZE of one recorded statement: execution time and the plan's scans. */
export async function explain(db, { sql, parameters }) {
  const { rows } = await db.executeQuery(
    CompiledQuery.raw(`explain (analyze, buffers, format json) ${sql}`, [...parameters]),
  );
  const raw = rows[0]['QUERY PLAN'];
  const [top] = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const scans = [];
  const walk = (node) => {
    if (/Scan|Sort/.test(node['Node Type'])) {
      const on = node['Index Name'] ?? node['Relation Name'] ?? '';
      scans.push(`${node['Node Type']}${on ? ` ${on}` : ''} (${node['Actual Rows']} rows)`);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(top.Plan);
  return { ms: top['Execution Time'], scans };
}
