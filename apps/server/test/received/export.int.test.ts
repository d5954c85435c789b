import makeFetchCookie from 'fetch-cookie';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { exportMyCapsules } from '../../src/modules/capsules/export/export.service.js';
import { signIn, type TestClient } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { type Person, receivedCapsule, VIDEO_BYTES } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { mailAbout } from '../support/uploads.js';

// 'Download my capsules' (docs/server-rules.md, 'A copy to keep'): the archive holds the opened
// videos the member received, byte for byte, with their words, an index.html that plays them
// from the folder, and the words of what they sent; never a video not open to them, nor anyone
// else's capsule. Signed out: 401.

interface Entry {
  name: string;
  bytes: Buffer;
}

/** Every entry of a ZIP, read with yauzl (an archive any unzip tool reads). */
function unzip(zip: Buffer): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const entries: Entry[] = [];
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

describe.each(databaseKinds())('export of my capsules (%s)', (kind) => {
  let t: TestApp;
  let sender: Person;
  let me: Person;
  let client: TestClient;

  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    sender = await t.createUser({ fullName: 'Sam <b>Sender</b>' });
    me = await t.createUser({ fullName: 'Rita Recipient' });
    client = await signIn(t, me);
  });

  const download = async (c: TestClient) => {
    const response = await makeFetchCookie(fetch, c.jar)(`${t.baseUrl}/api/export`);
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };

  it('holds the opened videos byte for byte, the words of the rest, and an index that plays them', async () => {
    const open = await receivedCapsule(t, sender, me, {
      criteria: 'View_Any_Time',
      message: 'For you, <script>alert(1)</script> always.',
    });
    const closed = await receivedCapsule(t, sender, me, {
      criteria: 'Milestone_Date',
      deliveryDate: '2040-01-01',
    });
    // Someone else's capsule, delivered to another member.
    const other = await t.createUser({ fullName: 'Otto Other' });
    const notMine = await receivedCapsule(t, sender, other, { criteria: 'View_Any_Time' });

    const { response, body } = await download(client);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="capsules-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(Number(response.headers.get('content-length'))).toBe(body.length);

    const entries = await unzip(body);
    const names = entries.map((e) => e.name.replace(/^capsules-[\d-]+\//, ''));
    expect(names).toEqual(['index.html', 'manifest.json', expect.stringMatching(/^received\/01 .+\.mp4$/)]);
    const video = entries[2] as Entry;
    expect(video.bytes.equals(VIDEO_BYTES)).toBe(true);

    const manifest = JSON.parse((entries[1] as Entry).bytes.toString('utf8'));
    expect(manifest.account).toEqual({ name: 'Rita Recipient', email: me.email });
    expect(manifest.received.map((r: { id: string }) => r.id)).toEqual([open, closed]);
    expect(manifest.received[0]).toMatchObject({
      sender: { name: 'Sam <b>Sender</b>', email: sender.email },
      message: 'For you, <script>alert(1)</script> always.',
      file: video.name.replace(/^capsules-[\d-]+\//, ''),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(manifest.received[1]).toMatchObject({
      file: null,
      note: 'Not open yet: This capsule opens on Jan 1, 2040.',
    });
    expect(JSON.stringify(manifest)).not.toContain(notMine);

    // The index plays the video from the folder, and escapes what people wrote.
    const html = (entries[0] as Entry).bytes.toString('utf8');
    expect(html).toContain(`<source src="${manifest.received[0].file}#t=0.1" type="video/mp4"/>`);
    expect(html).toContain('For you, &lt;script&gt;alert(1)&lt;/script&gt; always.');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Sam &lt;b&gt;Sender&lt;/b&gt;');
  });

  it('lists what the member sent as words, never a video they sent', async () => {
    const recipient = await t.createUser({ fullName: 'Rex Recipient' });
    const sent = await receivedCapsule(t, me, recipient, {
      criteria: 'View_Any_Time',
      message: 'Happy birthday',
    });
    const entries = await unzip((await download(client)).body);
    expect(entries).toHaveLength(2);
    const manifest = JSON.parse((entries[1] as Entry).bytes.toString('utf8'));
    expect(manifest.received).toEqual([]);
    expect(manifest.sent.find((c: { id: string }) => c.id === sent)).toMatchObject({
      recipientName: 'Rex Recipient',
      message: 'Happy birthday',
      criteria: 'View_Any_Time',
    });
  });

  it('counts as the first opening of a video it hands over: the sender sees it, the record has it', async () => {
    const open = await receivedCapsule(t, sender, me, { criteria: 'View_Any_Time' });
    await download(client);
    const received = await t.deps.db
      .selectFrom('receivedCapsules')
      .select('viewedAt')
      .where('capsuleId', '=', open)
      .executeTakeFirstOrThrow();
    expect(received.viewedAt).not.toBeNull();
    const events = await t.deps.db
      .selectFrom('capsuleTrail')
      .select('event')
      .where('capsuleId', '=', open)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual(['release_decided', 'opened']);
    // A second download is not a second opening.
    await download(client);
    expect(
      await t.deps.db.selectFrom('capsuleTrail').select('event').where('capsuleId', '=', open).execute(),
    ).toHaveLength(2);
  });

  it('lists a video gone missing from storage as not included, and still answers a whole archive', async () => {
    const open = await receivedCapsule(t, sender, me, { criteria: 'View_Any_Time' });
    const row = await t.deps.db
      .selectFrom('capsules')
      .select(['ownerId', 'videoBlobName'])
      .where('id', '=', open)
      .executeTakeFirstOrThrow();
    await t.deps.storage.deleteBlob({ container: `user-${row.ownerId}`, blob: row.videoBlobName ?? '' });
    const entries = await unzip((await download(client)).body);
    expect(entries).toHaveLength(2);
    const manifest = JSON.parse((entries[1] as Entry).bytes.toString('utf8'));
    expect(manifest.received[0]).toMatchObject({
      id: open,
      file: null,
      note: expect.stringContaining('could not be included'),
    });
  });

  it('fails the stream, never the process, when a video cannot be read mid-way; the member may try again', async () => {
    await receivedCapsule(t, sender, me, { criteria: 'View_Any_Time' });
    // Storage fails once the archive reaches the video (after the plan saw it there).
    const failing = { ...t.deps, storage: { ...t.deps.storage, readStream: async () => undefined } };
    const archive = await exportMyCapsules(failing, me.id);
    // One at a time per member: a second while this one is written is refused.
    await expect(exportMyCapsules(t.deps, me.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    const outcome = await new Promise<string>((resolve) => {
      archive.stream.on('data', () => undefined);
      archive.stream.on('error', (error: Error) => resolve(error.message));
      archive.stream.on('end', () => resolve('ended'));
    });
    expect(outcome).toMatch(/the stored video is missing/);
    // Let go of the member: the next export is not refused as one still running.
    const next = await exportMyCapsules(t.deps, me.id);
    expect(next.size).toBeGreaterThan(0);
    next.abort();
  });

  it('answers 401 when signed out', async () => {
    const response = await fetch(`${t.baseUrl}/api/export`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it('prepares a large archive by a job and mails a link that resumes (HTTP range) and expires', async () => {
    await receivedCapsule(t, sender, me, { criteria: 'View_Any_Time' });
    const asked = await client.trpc.receivedCapsules.mailExport.mutate();
    expect(asked.message).toBe('We are preparing your archive. A link to download it will arrive by e-mail.');
    const mail = await mailAbout(t, me.email, /ready to download/);
    const mailed = /href="([^"]+\/downloads\/export\/[^"]+)"/.exec(mail.html)?.[1] ?? '';
    expect(mailed.startsWith(`${t.deps.config.publicUrl}/downloads/export/`)).toBe(true);
    // The test's portal listens elsewhere than its configured public address.
    const link = mailed.replace(t.deps.config.publicUrl, t.baseUrl);
    // Each use redirects to a read URL of a few minutes in storage.
    const hop = await fetch(link, { redirect: 'manual' });
    expect(hop.status).toBe(302);
    expect(hop.headers.get('location')).toMatch(/exports\/[0-9a-f-]{36}\.zip\?.*sp=r/);
    expect(mail.text).toMatch(/continues where it stopped/);

    const whole = Buffer.from(await (await fetch(link)).arrayBuffer());
    const entries = await unzip(whole);
    expect(entries.map((e) => e.name.replace(/^capsules-[\d-]+\//, ''))).toEqual([
      'index.html',
      'manifest.json',
      expect.stringMatching(/^received\/01 .+\.mp4$/),
    ]);
    expect(entries[2]?.bytes.equals(VIDEO_BYTES)).toBe(true);
    // A download cut short continues from where it stopped.
    const rest = await fetch(link, { headers: { range: `bytes=${whole.length - 100}-` } });
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer()).equals(whole.subarray(whole.length - 100))).toBe(true);

    // When the link expires the archive goes with it.
    // An altered link leads nowhere.
    expect((await fetch(`${link.slice(0, -4)}AAAA`, { redirect: 'manual' })).status).toBe(404);
    const exportId = /exports\/([0-9a-f-]{36})\.zip/.exec(hop.headers.get('location') ?? '')?.[1] ?? '';
    await t.runJob('export.expire', { userId: me.id, exportId });
    const gone = await fetch(link, { redirect: 'manual' });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await gone.text()).toContain('This download link has expired');
  });
});
