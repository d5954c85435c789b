import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import type { CliServices } from '../../src/cli/services.js';
import { videoBlob } from '../../src/modules/storage/index.js';
import { senderWithStoredCapsule, signInAgain } from '../delivery/delivery-setup.js';
import { signIn, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { arrangeCapsule } from '../support/factories.js';
import { type Person, receivedCapsule } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import { type Member, memberWithCapsule } from '../support/uploads.js';

// Fixity over decades (docs/decisions/027-reviewed-bytes-fixity-backups.md), with the test clock:
// behind the product's back one capsule's playback copy is overwritten, another's copy and master
// are deleted, and a received video is overwritten. The hourly sweep re-reads a slice of the kept
// blobs (the ones read longest ago); within its window it finds them all, lists them (admin
// fixity:failures), mails the operators once, and from then on none is served: a damaged copy
// gives way to its intact master, a damaged video with nothing intact behind it is refused to the
// sender and to a recipient. Blobs restored with their reviewed bytes are served again after the
// next sweep.

const OPERATOR = 'ops@example.test';
const DAMAGED = /a routine check found a problem with its stored copy/;

describe.each(databaseKinds())('the fixity sweep (%s)', (kind) => {
  let t: TestApp;
  let video: TestFile;

  beforeAll(async () => {
    [t, video] = await Promise.all([
      startTestApp(kind, { operatorEmails: [OPERATOR] }),
      makeTestVideo({ seconds: 2, format: 'mp4' }),
    ]);
  }, 120_000);
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  async function admin(name: string) {
    const lines: string[] = [];
    const services: CliServices = {
      clock: t.clock,
      storage: () => t.deps.storage,
      jobs: async () => t.deps.jobs,
      // Verified opens at once here; the sender's objection window has its own tests.
      objectionDays: 0,
    };
    await commands[name]?.run(t.deps.db, {}, (line) => lines.push(line), services);
    return lines.join('\n');
  }

  const keptVideo = async (capsuleId: string) => {
    const row = await t.deps.db
      .selectFrom('capsules')
      .select(['ownerId', 'videoBlobName'])
      .where('id', '=', capsuleId)
      .executeTakeFirstOrThrow();
    return { container: `user-${row.ownerId}`, blob: row.videoBlobName ?? '' };
  };
  /** What playback serves: the playback rendition, or the video itself when it has none. */
  const servedVideo = async (capsuleId: string) => {
    const row = await t.deps.db
      .selectFrom('capsules')
      .select(['ownerId', 'videoBlobName', 'videoRenditionBlobName'])
      .where('id', '=', capsuleId)
      .executeTakeFirstOrThrow();
    return { container: `user-${row.ownerId}`, blob: row.videoRenditionBlobName ?? row.videoBlobName ?? '' };
  };
  const hourLater = () => t.clock.advanceMinutes(60);

  it('finds changed and missing files within its window, lists and mails them once, and serves none of them', async () => {
    const stored: Member[] = [];
    for (let i = 0; i < 3; i++)
      stored.push(await senderWithStoredCapsule(t, video, { enabled: false, timing: 'on_lock' }));
    const [changed, missing, intact] = stored as [Member, Member, Member];
    const sender: Person = await t.createUser({ fullName: 'Sam Sender' });
    const recipient: Person = await t.createUser({ fullName: 'Rita Recipient' });
    const received = await receivedCapsule(t, sender, recipient, { criteria: 'View_Any_Time' });
    expect(await admin('fixity:failures')).toMatch(/^No fixity failures/);

    // Behind the product's back: new bytes over what one capsule serves (its playback copy), and
    // over the received one's video (a stand-in without a copy); another's copy and master deleted.
    const read = async (ref: { container: string; blob: string }) =>
      t.deps.storage.readFirstBytes(ref, 1 << 26);
    const gone = [await servedVideo(missing.capsuleId), await keptVideo(missing.capsuleId)];
    const goneBytes = await Promise.all(gone.map(read));
    await t.deps.storage.uploadBuffer(
      await servedVideo(changed.capsuleId),
      Buffer.from('bit rot'),
      'video/mp4',
    );
    await t.deps.storage.uploadBuffer(await servedVideo(received), Buffer.from('bit rot'), 'video/mp4');
    for (const ref of gone) await t.deps.storage.deleteBlob(ref);

    // Just recorded, nothing is due; a day on, the sweep reads a slice an hour, oldest first:
    // with seven kept blobs (three videos and their copies, the stand-in), one an hour
    // (fixity-cycle.ts), all seven are read within seven sweeps.
    await t.runJob('storage.fixity', {});
    expect(await admin('fixity:failures')).toMatch(/^No fixity failures/);
    t.clock.advanceDays(1);
    let sweeps = 0;
    const failures = () =>
      t.deps.db
        .selectFrom('storedBlobs')
        .select(['blobName', 'failure'])
        .where('failedAt', 'is not', null)
        .execute();
    while ((await failures()).length < 4 && sweeps < 7) {
      hourLater();
      await t.runJob('storage.fixity', {});
      sweeps++;
    }
    expect(sweeps).toBeLessThanOrEqual(7);
    expect((await failures()).map((f) => f.failure).sort()).toEqual([
      'mismatch',
      'mismatch',
      'missing',
      'missing',
    ]);

    const listed = await admin('fixity:failures');
    expect(listed).toContain('4 kept file(s) missing or changed');
    expect(listed).toContain(`MISSING  rendition  capsule ${missing.capsuleId}`);
    expect(listed).toContain(`MISSING  video  capsule ${missing.capsuleId}`);
    expect(listed).toContain(`MISMATCH  rendition  capsule ${changed.capsuleId}`);
    expect(listed).toContain(`MISMATCH  video  capsule ${received}`);

    // The operators are told, once per failure, however many sweeps see it again.
    await t.until(() => t.mail.mailsTo(OPERATOR).length > 0, 'the operators’ fixity mail');
    hourLater();
    await t.runJob('storage.fixity', {});
    await t.runJob('storage.fixity-mail', {});
    const mails = t.mail.mailsTo(OPERATOR);
    expect(mails.map((m) => m.subject).join('\n')).toMatch(
      /fixity check: \d stored files? missing or changed/,
    );
    const told = mails.map((m) => m.text).join('\n');
    for (const id of [missing.capsuleId, changed.capsuleId, received]) expect(told).toContain(id);
    // Its copy and its master: each failure told once, in one mail or two.
    expect(told.split(`of capsule ${missing.capsuleId} `)).toHaveLength(3);

    // Nothing damaged is served. The changed copy gives way to its master, which is intact; the
    // capsule with neither is refused (and its one look not used up), the recipient's playback
    // too, in the portal's words; the intact capsule still plays its copy. (A day passed:
    // everyone signs in again. The URLs are signed by the moved clock, a day ahead of the
    // emulator's: only their names are looked at.)
    for (const m of stored) await signInAgain(t, m);
    const fallback = await changed.client.trpc.capsules.preview.mutate({ id: changed.capsuleId });
    expect(new URL(fallback.url).pathname).toMatch(
      new RegExp(`${(await keptVideo(changed.capsuleId)).blob}$`),
    );
    const refused = await trpcError(missing.client.trpc.capsules.preview.mutate({ id: missing.capsuleId }));
    expect(refused.data?.httpStatus).toBe(503);
    expect(refused.message).toMatch(DAMAGED);
    const client = await signIn(t, recipient);
    const play = await client.rest<{ error: string }>('POST', '/api/get-secure-url', { id: received });
    expect(play.status).toBe(503);
    expect(play.body.error).toMatch(DAMAGED);
    const ok = await intact.client.trpc.capsules.preview.mutate({ id: intact.capsuleId });
    expect(ok.url).toContain((await servedVideo(intact.capsuleId)).blob);

    // Restored with their reviewed bytes (as from a version or a backup): served again after the next sweep.
    for (const [i, ref] of gone.entries())
      await t.deps.storage.uploadBuffer(ref, goneBytes[i] as Buffer, 'video/mp4');
    hourLater();
    await t.runJob('storage.fixity', {});
    expect(await admin('fixity:failures')).toContain('2 kept file(s) missing or changed');
    await signInAgain(t, missing);
    const preview = await missing.client.trpc.capsules.preview.mutate({ id: missing.capsuleId });
    expect(preview.url).toContain((await servedVideo(missing.capsuleId)).blob);
  });

  it('a video stored before hashes were recorded is kept, hashed and served after the next sweep', async () => {
    const m = await memberWithCapsule(t);
    // As an upload completed and reviewed before migration 0018 left it: the video only under
    // the name its SAS could write, no kept copy, no recorded hash.
    const written = videoBlob({ ownerId: m.user.id, capsuleId: m.capsuleId, uploadId: randomUUID() });
    await t.deps.storage.uploadBuffer(written, video.bytes, 'video/mp4');
    await arrangeCapsule(t, m.capsuleId, {
      status: 'Sent',
      videoBlobName: written.blob,
      uploadDate: t.clock.now(),
    });
    const refused = await trpcError(m.client.trpc.capsules.preview.mutate({ id: m.capsuleId }));
    expect(refused.data?.httpStatus).toBe(503);
    expect(refused.message).toBe('This video is still being checked. Please try again in a few minutes.');

    await t.runJob('storage.fixity', {});
    const kept = await keptVideo(m.capsuleId);
    expect(kept.blob).toBe(`${written.blob}.kept`);
    const row = await t.deps.db
      .selectFrom('storedBlobs')
      .select(['sha256', 'kind'])
      .where('blobName', '=', kept.blob)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: 'video', sha256: createHash('sha256').update(video.bytes).digest('hex') });
    const preview = await m.client.trpc.capsules.preview.mutate({ id: m.capsuleId });
    expect(Buffer.from(await (await fetch(preview.url)).arrayBuffer()).equals(video.bytes)).toBe(true);
    const details = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
    expect(details.videoFingerprint).toBe(row.sha256);
  });
});
