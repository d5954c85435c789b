import { OPS_TEXTS } from '@capsule/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { grantRole } from '../../src/modules/users/index.js';
import { applicant } from '../affiliates/affiliate-fixtures.js';
import { signIn, type TestClient, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { arrangeCapsule } from '../support/factories.js';
import { type Person, receivedCapsule, receivedRow, submitDocument } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestImage, type TestFile } from '../support/test-videos.js';

// What operators do in the console (docs/operations/operators.md), through the calls the
// console makes: two operators deciding one document at once (one wins, the other is told), a
// verdict given on a document the recipient has since replaced, the queue's people and
// filter, overdue capsules shown as a fault, retries and payouts recorded with who did them,
// users shown by counts only.

const ALREADY = 'Another operator has already decided this document.';

describe.each(databaseKinds())('operator console actions (%s)', (kind) => {
  let t: TestApp;
  let png: TestFile;
  let sender: Person;
  let recipient: Person;
  let olga: TestClient;
  let otto: TestClient;
  let rita: TestClient;

  beforeAll(async () => {
    [t, png] = await Promise.all([startTestApp(kind, { objectionDays: 0 }), makeTestImage('png')]);
  }, 120_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    sender = await t.createUser({ fullName: 'Sam Sender' });
    recipient = await t.createUser({ fullName: 'Rita Recipient' });
    const operators = [await t.createUser({ fullName: 'Olga' }), await t.createUser({ fullName: 'Otto' })];
    for (const o of operators)
      await grantRole({ db: t.deps.db, clock: t.clock }, o.email, 'operator', 'test');
    olga = await signIn(t, operators[0]!);
    otto = await signIn(t, operators[1]!);
    rita = await signIn(t, recipient);
  });

  async function waitingDocument(
    criteria: 'Premium_Verification' | 'Document_Validation' = 'Premium_Verification',
  ) {
    const capsuleId = await receivedCapsule(t, sender, recipient, { criteria, category: 'Wedding' });
    await submitDocument(rita, capsuleId, { bytes: png.bytes });
    return capsuleId;
  }

  it('lets one of two operators deciding the same document at once win; the other is told, and one mail goes', async () => {
    const capsuleId = await waitingDocument();
    const queue = await olga.trpc.ops.documents.list.query({ page: 1 });
    expect(queue.total).toBe(1);
    const doc = queue.items[0];
    expect(doc).toMatchObject({
      capsuleId,
      criteria: 'Premium_Verification',
      category: 'Wedding',
      recipient: { id: recipient.id, name: 'Rita Recipient', email: recipient.email },
      sender: { id: sender.id, name: 'Sam Sender', email: sender.email },
    });
    expect(doc?.link).toMatch(/sp=r/);
    // The capsule's whole record, as operators read it.
    const trail = await olga.trpc.ops.trail.query({ capsuleId });
    expect(trail.map((line) => line.event)).toContain('document_submitted');

    const both = await Promise.allSettled([
      olga.trpc.ops.documents.decide.mutate({ capsuleId, documentId: doc!.documentId, verdict: 'Verified' }),
      otto.trpc.ops.documents.decide.mutate({
        capsuleId,
        documentId: doc!.documentId,
        verdict: 'Rejected',
        reason: 'Blurred.',
      }),
    ]);
    const won = both.filter((r) => r.status === 'fulfilled');
    const lost = both.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect([won.length, lost.length]).toEqual([1, 1]);
    const loser = await trpcError(Promise.reject(lost[0]!.reason));
    expect([loser.data?.httpStatus, loser.message]).toEqual([409, ALREADY]);

    // The row holds the winner's verdict, and the record names one decision only.
    const winner = (won[0] as PromiseFulfilledResult<{ status: string }>).value.status;
    expect((await receivedRow(t, capsuleId)).documentVerificationStatus).toBe(winner);
    const record = await sql<{ action: string }>`
      select action from operator_actions where subject = ${capsuleId}`.execute(t.deps.db);
    expect(record.rows).toHaveLength(1);
    expect((await olga.trpc.ops.documents.list.query({ page: 1 })).total).toBe(0);
  });

  it('refuses a verdict on a document the recipient has since replaced, and keeps the new one waiting', async () => {
    const capsuleId = await waitingDocument();
    const first = (await olga.trpc.ops.documents.list.query({})).items[0]!;
    await otto.trpc.ops.documents.decide.mutate({
      capsuleId,
      documentId: first.documentId,
      verdict: 'Rejected',
      reason: 'Blurred.',
    });
    await submitDocument(rita, capsuleId, { bytes: png.bytes });
    // Olga's screen still shows the first one: her approval must not land on the second.
    const stale = await trpcError(
      olga.trpc.ops.documents.decide.mutate({ capsuleId, documentId: first.documentId, verdict: 'Verified' }),
    );
    expect([stale.data?.httpStatus, stale.message]).toEqual([409, ALREADY]);
    const queue = await olga.trpc.ops.documents.list.query({});
    expect(queue.items.map((d) => d.capsuleId)).toEqual([capsuleId]);
    expect(queue.items[0]?.documentId).not.toBe(first.documentId);
    expect((await receivedRow(t, capsuleId)).documentVerificationStatus).toBe('Submitted');
  });

  it('asks a reason for a rejection before anything changes, and filters the queue by condition', async () => {
    const premium = await waitingDocument('Premium_Verification');
    const doc = (await olga.trpc.ops.documents.list.query({})).items[0]!;
    const noReason = await trpcError(
      olga.trpc.ops.documents.decide.mutate({
        capsuleId: premium,
        documentId: doc.documentId,
        verdict: 'Rejected',
      }),
    );
    expect([noReason.data?.httpStatus, noReason.message]).toEqual([400, OPS_TEXTS.reasonRequired]);
    expect((await receivedRow(t, premium)).documentVerificationStatus).toBe('Submitted');
    expect((await olga.trpc.ops.documents.list.query({ criteria: 'Document_Validation' })).total).toBe(0);
    expect((await olga.trpc.ops.documents.list.query({ criteria: 'Premium_Verification' })).total).toBe(1);
  });

  it('shows a capsule due but never delivered as overdue, until the sweep delivers it', async () => {
    const capsuleId = await receivedCapsule(t, sender, recipient, {
      criteria: 'View_Any_Time',
      delivered: false,
    });
    const past = new Date(t.clock.now().getTime() - 30 * 60_000);
    await arrangeCapsule(t, capsuleId, { lockedAt: past, dueAt: past, deliveryCheckAt: past });
    const before = await olga.trpc.ops.deliveries.overview.query();
    expect(before.overdueCapsules).toBe(1);
    expect(before.overdue.map((c) => c.id)).toEqual([capsuleId]);
    await t.runJob('capsules.deliver', {});
    expect((await olga.trpc.ops.deliveries.overview.query()).overdueCapsules).toBe(0);
  });

  it('lists a failed delivery mail with its error, retries it, and records who did', async () => {
    const capsuleId = await receivedCapsule(t, sender, recipient, { criteria: 'View_Any_Time' });
    const received = await receivedRow(t, capsuleId);
    await t.deps.db
      .insertInto('deliveryMails')
      .values({
        capsuleId,
        receivedCapsuleId: received.id,
        recipientUserId: recipient.id,
        status: 'failed',
        attempts: 8,
        lastError: '550 mailbox unavailable',
        createdAt: t.clock.now(),
      })
      .execute();
    const failed = await olga.trpc.ops.deliveries.mails.query({ state: 'failed' });
    expect(failed.total).toBe(1);
    expect(failed.items[0]).toMatchObject({ capsuleId, attempts: 8, lastError: '550 mailbox unavailable' });
    const done = await olga.trpc.ops.deliveries.retry.mutate({ id: failed.items[0]!.id });
    expect(done.retried).toBe(1);
    expect((await olga.trpc.ops.deliveries.mails.query({ state: 'failed' })).total).toBe(0);
    const actions = await olga.trpc.ops.actions.query({ action: 'delivery.retry' });
    expect(actions.items[0]).toMatchObject({ action: 'delivery.retry', subject: failed.items[0]!.id });
    expect(actions.items[0]?.operator).toMatch(/@/);
  });

  it('approves an application, refuses a payout above what is owed, and records each action', async () => {
    const { code } = await applicant(t);
    expect(
      (await olga.trpc.ops.affiliates.list.query({ status: 'pending' })).items.map((a) => a.code),
    ).toEqual([code]);
    await olga.trpc.ops.affiliates.setStatus.mutate({ code, status: 'approved' });
    const refused = await trpcError(
      olga.trpc.ops.affiliates.payout.mutate({ code, amount: '10.00', method: 'paypal' }),
    );
    expect(refused.data?.httpStatus).toBe(409);
    expect(refused.message).toMatch(/more than .* is owed/);
    expect((await olga.trpc.ops.affiliates.payouts.query({ code })).total).toBe(0);
    const record = await olga.trpc.ops.actions.query({ text: code });
    expect(record.items.map((a) => a.action)).toEqual(['affiliate.approve']);
  });

  it('finds users by part of their e-mail with counts by status only, never a title or a message', async () => {
    await receivedCapsule(t, sender, recipient, { criteria: 'View_Any_Time', message: 'For your eyes only' });
    const found = await olga.trpc.ops.users.query({ email: sender.email.slice(0, 8) });
    const row = found.items.find((u) => u.email === sender.email);
    expect(row?.capsules.owned.Sent).toBe(1);
    const text = JSON.stringify(found);
    expect(text).not.toContain('For your eyes only');
    expect(text).not.toMatch(/Capsule #/);
    const short = await trpcError(olga.trpc.ops.users.query({ email: 'ab' }));
    expect([short.data?.httpStatus, short.message]).toEqual([400, OPS_TEXTS.searchTooShort]);
  });
});
