import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDocumentOutcomeMail } from '../../src/modules/capsules/received/document-review.service.js';
import { adminCommand } from '../delivery/delivery-setup.js';
import { signIn } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { receivedCapsule, submitDocument } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestImage, type TestFile } from '../support/test-videos.js';

// A verdict's mail still on its way when the sender objects must not swallow the next verdict's
// mail (docs/server-rules.md, 'Received capsules'). Seen under load: the first verdict's job sent
// its mail, the sender objected, the job then recorded the document as mailed, and the second
// verdict (which opened the capsule) was never told to the recipient. The jobs are run by hand
// here (the app only sends them), so the order is the one that failed.

describe.each(databaseKinds())('the verdict mail and an objection at the same moment (%s)', (kind) => {
  let t: TestApp;
  let png: TestFile;

  beforeAll(async () => {
    [t, png] = await Promise.all([startTestApp(kind, {}, { runJobs: false }), makeTestImage('png')]);
  }, 90_000);
  afterAll(async () => t?.close());

  it('the recipient hears of the verdict that opened the capsule', async () => {
    const sender = { ...(await t.createUser({ fullName: 'Sam Sender' })) };
    const recipient = await t.createUser({ fullName: 'Rita Recipient' });
    const capsuleId = await receivedCapsule(t, sender, recipient, { criteria: 'Document_Validation' });
    const [senderClient, recipientClient] = await Promise.all([signIn(t, sender), signIn(t, recipient)]);
    await submitDocument(recipientClient, capsuleId, png);
    const { documentUploadId } = await t.deps.db
      .selectFrom('receivedCapsules')
      .select('documentUploadId')
      .where('capsuleId', '=', capsuleId)
      .executeTakeFirstOrThrow();
    const documentId = documentUploadId as string;
    const approve = () =>
      adminCommand(t, 'verification:approve', { id: capsuleId, operator: 'Olga Operator' }, 7);

    await approve();
    // The first verdict's mail job: while its mail is being sent, the sender objects.
    await sendDocumentOutcomeMail(
      {
        ...t.deps,
        mailer: {
          ...t.deps.mailer,
          send: async (mail) => {
            await senderClient.trpc.capsules.object.mutate({ capsuleId, reason: 'Not him.' });
            return t.deps.mailer.send(mail);
          },
        },
      },
      { documentId },
    );
    // The operator verifies again: the capsule opens at once (one objection per document).
    await approve();
    expect((await recipientClient.trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId })).url).toMatch(
      /^http/,
    );
    // The second verdict's job tells the recipient.
    await sendDocumentOutcomeMail(t.deps, { documentId });
    const subjects = () => t.mail.mailsTo(recipient.email).map((m) => m.subject);
    await t.until(() => subjects().some((s) => s.includes('your document is verified')), 'the verdict mail');
    const opened = t.mail
      .mailsTo(recipient.email)
      .find((m) => m.subject.includes('your document is verified'));
    expect(opened?.text).toContain('The capsule is now open');
    // And that job run again (a retry after a crash) sends nothing more.
    const before = subjects().length;
    await sendDocumentOutcomeMail(t.deps, { documentId });
    expect(subjects()).toHaveLength(before);
  });
});
