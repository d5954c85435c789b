import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCommand } from '../delivery/delivery-setup.js';
import { signIn, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { moveClockTo, type Person, receivedCapsule, submitDocument } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestImage, type TestFile } from '../support/test-videos.js';

// The capsule record (docs/server-rules.md, 'Capsule record'): each path from lock to opening
// writes its rows, in order, as they happen; the sender reads all of it, the recipient their
// part, an operator all of it through the admin CLI, anyone else nothing (404); and the
// database itself refuses to change or delete a row.

describe.each(databaseKinds())('capsule record (%s)', (kind) => {
  let t: TestApp;
  let png: TestFile;
  let sender: Person;
  let recipient: Person;

  beforeAll(async () => {
    [t, png] = await Promise.all([startTestApp(kind), makeTestImage('png')]);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    sender = await t.createUser({ fullName: 'Sam Sender' });
    recipient = await t.createUser({ fullName: 'Rita Recipient' });
  });

  /** Stored, locked by the sender through the API, and delivered by the delivery job. */
  async function lockedAndDelivered(
    criteria: 'View_Any_Time' | 'Document_Validation' | 'Milestone_Date',
    deliveryDate?: string,
  ) {
    const capsuleId = await receivedCapsule(t, sender, recipient, {
      criteria,
      delivered: false,
      deliveryDate: deliveryDate ?? null,
    });
    const senderClient = await signIn(t, sender);
    await senderClient.trpc.capsules.lock.mutate({ capsuleId });
    await t.until(async () => (await trailEvents(capsuleId)).includes('delivered'), 'the delivery');
    return { capsuleId, senderClient, recipientClient: await signIn(t, recipient) };
  }
  const trailEvents = async (capsuleId: string) =>
    (
      await t.deps.db
        .selectFrom('capsuleTrail')
        .select('event')
        .where('capsuleId', '=', capsuleId)
        .orderBy('id')
        .execute()
    ).map((r) => r.event);
  const cli = (name: string, values: Record<string, string>) => adminCommand(t, name, values);

  it('a document capsule: lock, delivery, a refusal, the document, the verdict, the opening', async () => {
    const { capsuleId, senderClient, recipientClient } = await lockedAndDelivered('Document_Validation');
    // Closed until the document is verified: a refusal changes nothing, the record included.
    for (let i = 0; i < 3; i += 1) {
      const refused = await trpcError(
        recipientClient.trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId }),
      );
      expect(refused.data?.httpStatus).toBe(403);
    }
    await submitDocument(recipientClient, capsuleId, png);
    await cli('verification:approve', { id: capsuleId, operator: 'Olga Operator' });
    await recipientClient.trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId });
    await recipientClient.trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId });

    expect(await trailEvents(capsuleId)).toEqual([
      'locked',
      'delivered',
      'document_submitted',
      'document_reviewed',
      'release_decided',
      'opened',
    ]);
    const hash = (
      await t.deps.db
        .selectFrom('storedBlobs')
        .select('sha256')
        .where('kind', '=', 'document')
        .where('capsuleId', '=', capsuleId)
        .executeTakeFirstOrThrow()
    ).sha256;

    // The sender reads all of it, in words, with the operator's name and the document's hash.
    const seen = await senderClient.trpc.capsules.trail.query({ id: capsuleId });
    expect(seen.map((line) => line.text)).toEqual([
      'You locked it; it opens once a document is verified.',
      "Delivered to the recipient's account.",
      `The recipient submitted a document (SHA-256 ${hash}).`,
      'The document was verified by Olga Operator.',
      'The release rule (once a document is verified) let it open.',
      'The recipient opened it.',
    ]);
    // The recipient reads their part: not the lock, not the operator's name.
    const theirs = await recipientClient.trpc.receivedCapsules.trail.query({ id: capsuleId });
    expect(theirs.map((line) => line.event)).toEqual([
      'delivered',
      'document_submitted',
      'document_reviewed',
      'release_decided',
      'opened',
    ]);
    expect(theirs.map((line) => line.text)).toContain('The document was verified.');
    expect(theirs.map((line) => line.text)).toContain('You opened it.');
    // An operator reads all of it through the admin CLI.
    const printed = await cli('audit:show', { id: capsuleId });
    expect(printed).toHaveLength(6);
    expect(printed[3]).toMatch(/document_reviewed\s+operator\s+The document was verified by Olga Operator\./);
  });

  it('a rejected document: the reason is recorded, and the next document and verdict after it', async () => {
    const { capsuleId, senderClient, recipientClient } = await lockedAndDelivered('Document_Validation');
    await submitDocument(recipientClient, capsuleId, png);
    await cli('verification:reject', {
      id: capsuleId,
      reason: 'The photo is blurred.',
      operator: 'Olga Operator',
    });
    await submitDocument(recipientClient, capsuleId, png);
    await cli('verification:approve', { id: capsuleId, operator: 'Oscar Operator' });
    const texts = (await senderClient.trpc.capsules.trail.query({ id: capsuleId })).map((line) => line.text);
    expect(texts).toContain('The document was rejected by Olga Operator: The photo is blurred.');
    expect(texts.at(-1)).toBe('The document was verified by Oscar Operator.');
  });

  it('a milestone capsule: closed before its day, open on it', async () => {
    const { capsuleId, recipientClient } = await lockedAndDelivered('Milestone_Date', '2031-06-01');
    await trpcError(recipientClient.trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId }));
    moveClockTo(t, new Date('2031-06-01T00:00:00Z'));
    // Years later: both sign in again.
    await (await signIn(t, recipient)).trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId });
    const lines = await (await signIn(t, sender)).trpc.capsules.trail.query({ id: capsuleId });
    expect(lines.map((line) => line.text)).toEqual([
      'You locked it; it opens on Jun 1, 2031.',
      "Delivered to the recipient's account.",
      'The release rule (on Jun 1, 2031) let it open.',
      'The recipient opened it.',
    ]);
    expect(lines.at(-1)?.at.slice(0, 16)).toBe('2031-06-01T00:00');
  });

  it("answers 404 for another user's capsule, on both sides", async () => {
    const { capsuleId, senderClient } = await lockedAndDelivered('View_Any_Time');
    const stranger = await signIn(t, await t.createUser({ fullName: 'Stan Stranger' }));
    expect((await trpcError(stranger.trpc.capsules.trail.query({ id: capsuleId }))).data?.httpStatus).toBe(
      404,
    );
    expect(
      (await trpcError(stranger.trpc.receivedCapsules.trail.query({ id: capsuleId }))).data?.httpStatus,
    ).toBe(404);
    // The sender is not its recipient either.
    expect(
      (await trpcError(senderClient.trpc.receivedCapsules.trail.query({ id: capsuleId }))).data?.httpStatus,
    ).toBe(404);
  });

  it('refuses, in the database, any change or deletion of a row', async () => {
    const { capsuleId } = await lockedAndDelivered('View_Any_Time');
    const before = await trailEvents(capsuleId);
    const refusal = async (statement: Promise<unknown>) => {
      const error = (await statement.then(
        () => null,
        (e: unknown) => e,
      )) as { message?: string } | null;
      return error?.message ?? 'accepted';
    };
    expect(
      await refusal(
        sql`update capsule_trail set event = 'opened' where capsule_id = ${capsuleId}`.execute(t.deps.db),
      ),
    ).toMatch(/append-only: UPDATE refused/);
    expect(
      await refusal(sql`delete from capsule_trail where capsule_id = ${capsuleId}`.execute(t.deps.db)),
    ).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`truncate capsule_trail`.execute(t.deps.db))).toMatch(
      /append-only: TRUNCATE refused/,
    );
    expect(await trailEvents(capsuleId)).toEqual(before);
    // Deleting the capsule leaves its record (no foreign key to cascade through).
    await sql`delete from received_capsules where capsule_id = ${capsuleId}`.execute(t.deps.db);
    await sql`delete from capsules where id = ${capsuleId}`.execute(t.deps.db);
    expect(await trailEvents(capsuleId)).toEqual(before);
  });
});
