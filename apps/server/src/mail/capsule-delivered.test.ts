import { describe, expect, it } from 'vitest';
import { capsuleDeliveredMail, capsuleOpenMail, type DeliveryOutlook } from './capsule-delivered.js';
import {
  expectEscaped,
  expectLinks,
  expectNeverSays,
  expectSays,
  HOSTILE_NAME,
} from './mail.test-helpers.js';

const facts = {
  recipientName: 'Alan Turing',
  senderName: 'Ada Lovelace',
  senderNote: null,
  publicUrl: 'https://portal.example.test',
};
const RECEIVED = 'https://portal.example.test/received-capsules';

const delivered = (outlook: DeliveryOutlook, note: string | null = null) =>
  capsuleDeliveredMail({ ...facts, senderNote: note, outlook });

describe("the recipient's delivery mail says what they can do now", () => {
  it('ready: it can be watched now', async () => {
    const mail = await delivered({ kind: 'ready' });
    expect(mail.subject).toBe('Legacy Capsule: Ada Lovelace has left you a time capsule, ready for you');
    expectSays(mail, [
      'Hello Alan Turing,',
      'Ada Lovelace has left you a time capsule on Legacy Capsule.',
      'It is ready for you: you can watch it now.',
      'Sign in with this e-mail address to watch it in your Received Capsules:',
    ]);
    expectLinks(mail, [RECEIVED]);
  });

  it('dated: it opens on the date, in the display format, and we will e-mail that day', async () => {
    const mail = await delivered({ kind: 'opensOn', date: '2030-05-04' });
    expect(mail.subject).toBe(
      'Legacy Capsule: Ada Lovelace has left you a time capsule that opens on May 4, 2030',
    );
    expectSays(mail, [
      'It opens on May 4, 2030. We will e-mail you again that day.',
      'Sign in with this e-mail address to see it in your Received Capsules:',
    ]);
    expectLinks(mail, [RECEIVED]);
  });

  it('no date yet: it opens on a date the sender will set, and we will e-mail that day', async () => {
    const mail = await delivered({ kind: 'dateToBeSet' });
    expect(mail.subject).toBe(
      'Legacy Capsule: Ada Lovelace has left you a time capsule that opens on a date still to be set',
    );
    expectSays(mail, ['It opens on a date Ada Lovelace will set, and we will e-mail you that day.']);
    expectLinks(mail, [RECEIVED]);
  });

  it('document: it opens once the recipient verifies their document, and how', async () => {
    const mail = await delivered({ kind: 'documentNeeded' });
    expect(mail.subject).toBe(
      'Legacy Capsule: Ada Lovelace has left you a time capsule that opens once you verify your document',
    );
    expectSays(mail, ['It opens once you verify your document: sign in and choose Submit Documents.']);
    const inReview = await delivered({ kind: 'documentInReview' });
    expect(inReview.subject).toBe(
      'Legacy Capsule: Ada Lovelace has left you a time capsule that opens once your document is verified',
    );
    expectSays(inReview, ['It opens once your document is verified. It is being reviewed now;']);
  });

  it('closed for another reason: no promise, only where to look', async () => {
    const mail = await delivered({ kind: 'notYet' });
    expect(mail.subject).toBe('Legacy Capsule: Ada Lovelace has left you a time capsule');
    expectSays(mail, ['Sign in to see when you can watch it.']);
  });

  it("never says 'delivered', and says 'ready' only when it is", async () => {
    const outlooks: DeliveryOutlook[] = [
      { kind: 'ready' },
      { kind: 'opensOn', date: '2030-05-04' },
      { kind: 'dateToBeSet' },
      { kind: 'documentNeeded' },
      { kind: 'documentInReview' },
      { kind: 'notYet' },
    ];
    for (const outlook of outlooks) {
      const mail = await delivered(outlook);
      expectNeverSays(mail, /deliver/i);
      if (outlook.kind !== 'ready') expectNeverSays(mail, /ready|watch it now/i);
    }
  });

  it("carries the sender's note, line breaks kept", async () => {
    const mail = await delivered({ kind: 'ready' }, '  Happy birthday, Alan!\nOpen it with Mum.  ');
    expectSays(mail, ['Ada Lovelace wrote:', 'Happy birthday, Alan!\nOpen it with Mum.']);
    const without = await delivered({ kind: 'ready' }, '   ');
    expect(without.text).not.toContain('wrote:');
  });

  it("escapes the user's values (names, the note) in the HTML", async () => {
    expectEscaped(
      await capsuleDeliveredMail({ ...facts, senderName: HOSTILE_NAME, outlook: { kind: 'ready' } }),
    );
    expectEscaped(
      await capsuleDeliveredMail({ ...facts, recipientName: HOSTILE_NAME, outlook: { kind: 'dateToBeSet' } }),
    );
    expectEscaped(await delivered({ kind: 'ready' }, HOSTILE_NAME));
  });
});

describe("the recipient's opening-day mail", () => {
  it('says the capsule is open now and links to Received Capsules', async () => {
    const mail = await capsuleOpenMail(facts);
    expect(mail.subject).toBe('Legacy Capsule: the time capsule from Ada Lovelace is open now');
    expectSays(mail, [
      'Hello Alan Turing,',
      'The time capsule Ada Lovelace left you is open now: you can watch it.',
      'Sign in with this e-mail address to watch it in your Received Capsules:',
    ]);
    expectLinks(mail, [RECEIVED]);
  });

  it("escapes the user's values in the HTML", async () => {
    expectEscaped(await capsuleOpenMail({ ...facts, senderName: HOSTILE_NAME }));
    expectEscaped(await capsuleOpenMail({ ...facts, recipientName: HOSTILE_NAME }));
  });
});
