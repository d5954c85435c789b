import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { addContact, arrangeCapsule, daysAgo, purchase } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The counters behind the counts and the list totals (migration 0008) must equal a fresh
// count(*) whatever races write the capsules.

describe.each(databaseKinds())('capsule counters stay exact (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  async function countersAndTruth() {
    const counters = await sql<{ owner_id: string; status: string; category: string; n: string }>`
      select owner_id, status, category, n::text as n from capsule_counters where n > 0
      order by owner_id, status, category`.execute(t.deps.db);
    const truth = await sql<{ owner_id: string; status: string; category: string; n: string }>`
      select owner_id, status, coalesce(category, '') as category, count(*)::text as n from capsules
      group by 1, 2, 3 order by 1, 2, 3`.execute(t.deps.db);
    return { counters: counters.rows, truth: truth.rows };
  }

  it('20 racing transitions, category changes and a purchase leave them equal to count(*)', async () => {
    const user = await t.createUser();
    const me = await signIn(t, user);
    await purchase(t, user.email, '10 Legacy Capsules', 3);
    const contact = await addContact(me);
    const list = (await me.rest<Array<{ id: string }>>('GET', '/api/capsules')).body;
    const [assigned, others] = [list.slice(0, 20), list.slice(20, 30)];
    for (const capsule of others)
      await me.rest('POST', `/api/capsules/${capsule.id}/recipient`, { contactId: contact.id });
    // Some capsules go to To_Delete and come back, the opposite way of other transitions.
    for (const capsule of others.slice(0, 5)) {
      await arrangeCapsule(t, capsule.id, {
        status: 'To_Delete',
        statusBeforeDelete: 'Pending_Upload',
        uploadDate: daysAgo(t, 1),
      });
    }

    const answers = await Promise.all([
      ...assigned.map((capsule) =>
        me.rest('POST', `/api/capsules/${capsule.id}/recipient`, { contactId: contact.id }),
      ),
      ...others.slice(5).map((capsule, i) =>
        me.rest('POST', '/api/capsules/set-milestone', {
          capsule: capsule.id,
          capsuleType: i % 2 ? 'Wake' : 'Wedding',
        }),
      ),
      ...others
        .slice(0, 5)
        .map((capsule) => me.rest('POST', '/api/recover-capsule', { capsuleId: capsule.id })),
      purchase(t, user.email, '5 Legacy Capsules').then(() => ({ status: 200 })),
    ]);
    expect(answers.map((a) => a.status).filter((status) => status !== 200)).toEqual([]);

    const { counters, truth } = await countersAndTruth();
    expect(counters).toEqual(truth);
    expect((await me.rest('GET', '/api/capsules/counts')).body).toMatchObject({
      total: 35,
      needRecipient: 5,
      needUpload: 30,
    });
    const wake = await me.rest('GET', '/api/capsules?type=Wake&page=1');
    expect(wake.headers.get('x-total-count')).toBe('2');
  });

  it('the list total follows the filters, page past the end included', async () => {
    const user = await t.createUser();
    const me = await signIn(t, user);
    await purchase(t, user.email, '10 Legacy Capsules', 2);
    const page = async (query: string) => me.rest<unknown[]>('GET', `/api/capsules${query}`);
    expect((await page('?page=1')).headers.get('x-total-count')).toBe('20');
    expect((await page('?page=9')).headers.get('x-total-count')).toBe('20');
    expect((await page('?page=9')).body).toEqual([]);
    expect((await page('?x_status=Sent&page=1')).headers.get('x-total-count')).toBe('0');
    expect((await page('?x_status=Pending_Recipient&page=2')).headers.get('x-total-count')).toBe('20');
  });
});
