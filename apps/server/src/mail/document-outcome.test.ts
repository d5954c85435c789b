import { describe, expect, it } from 'vitest';
import { documentOutcomeMail } from './document-outcome.js';
import { expectEscaped, expectLinks, expectSays, HOSTILE_NAME } from './mail.test-helpers.js';

const facts = {
  fullName: 'Alan Turing',
  capsuleTitle: 'Legacy Capsule #2',
  senderName: 'Ada Lovelace',
  publicUrl: 'https://portal.example.test',
};

describe("the recipient's document verdict mail", () => {
  it('verified: the capsule is open now', async () => {
    const mail = await documentOutcomeMail({ ...facts, verified: true, reason: null });
    expect(mail.subject).toBe('Legacy Capsule: your document is verified');
    expectSays(mail, [
      'Hello Alan Turing,',
      'Your document for Legacy Capsule #2 from Ada Lovelace has been verified. The capsule is now open: you can watch it.',
    ]);
    expectLinks(mail, ['https://portal.example.test/received-capsules']);
  });

  it('rejected: the reason, and how to send another', async () => {
    const mail = await documentOutcomeMail({ ...facts, verified: false, reason: 'The photo is blurred.' });
    expect(mail.subject).toBe('Legacy Capsule: your document could not be verified');
    expectSays(mail, [
      'Your document for Legacy Capsule #2 from Ada Lovelace could not be verified:',
      'The photo is blurred.',
      'You can submit another document from your Received Capsules page (Submit Documents).',
    ]);
    expectLinks(mail, ['https://portal.example.test/received-capsules']);
  });

  it("escapes the user's values (names, the operator's reason) in the HTML", async () => {
    expectEscaped(
      await documentOutcomeMail({ ...facts, senderName: HOSTILE_NAME, verified: true, reason: null }),
    );
    expectEscaped(
      await documentOutcomeMail({ ...facts, fullName: HOSTILE_NAME, verified: true, reason: null }),
    );
    expectEscaped(await documentOutcomeMail({ ...facts, verified: false, reason: HOSTILE_NAME }));
  });
});
