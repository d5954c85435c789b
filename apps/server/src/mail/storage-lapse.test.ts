import { describe, expect, it } from 'vitest';
import { expectEscaped, expectLinks, expectSays, HOSTILE_NAME } from './mail.test-helpers.js';
import { storageLapsedMail, storageMarkedMail } from './storage-lapse.js';

const facts = {
  fullName: 'Ada Lovelace',
  planName: '5 Legacy Capsules',
  reason: 'payment_failed' as const,
  deleteAfter: new Date('2027-03-12T10:00:00Z'),
  publicUrl: 'https://portal.example.test',
};

describe("the storage plan's lapse mails", () => {
  it('lapsed: nothing deleted yet, the date, what happens then, and how to avoid it', async () => {
    const mail = await storageLapsedMail(facts);
    expect(mail.subject).toBe('Legacy Capsule: your storage plan needs attention');
    expectSays(mail, [
      'Hello Ada Lovelace,',
      'We are writing because the annual storage payment for your plan could not be collected (5 Legacy Capsules).',
      'Nothing has been deleted. Your capsules are kept until 12 March 2027. If the plan is not paid by then, your capsules that have not been delivered yet will be marked for deletion; you will then still have 30 days to recover them.',
      'Capsules already delivered to their recipients are never affected.',
      'To keep everything, renew your storage plan in the shop.',
    ]);
    expectLinks(mail, ['https://portal.example.test/dashboard']);
    const cancelled = await storageLapsedMail({ ...facts, reason: 'cancelled' });
    expectSays(cancelled, ['We are writing because your storage plan was cancelled (5 Legacy Capsules).']);
  });

  it('marked: the capsules are marked for deletion and can be recovered for 30 days', async () => {
    const mail = await storageMarkedMail({ ...facts, markedAt: new Date('2027-03-12T03:41:00Z') });
    expect(mail.subject).toBe('Legacy Capsule: your undelivered capsules are marked for deletion');
    expectSays(mail, [
      'Because the annual storage payment for your plan could not be collected (5 Legacy Capsules) and it was not renewed within the grace period, your capsules that have not been delivered yet are now marked for deletion.',
      'You can still recover each of them with Recover Capsule on your capsules page until 11 April 2027. After that their videos are deleted for good.',
      'Capsules already delivered to their recipients are not affected.',
    ]);
    expectLinks(mail, ['https://portal.example.test/dashboard']);
  });

  it("escapes the user's values (name, plan) in the HTML", async () => {
    expectEscaped(await storageLapsedMail({ ...facts, fullName: HOSTILE_NAME }));
    expectEscaped(await storageMarkedMail({ ...facts, planName: HOSTILE_NAME, markedAt: new Date() }));
  });
});
