import { describe, expect, it } from 'vitest';
import { expectEscaped, expectLinks, expectSays, HOSTILE_NAME } from './mail.test-helpers.js';
import { videoNeedsReviewMail, videoStoredMail } from './video-review.js';

const facts = {
  fullName: 'Ada Lovelace',
  capsuleTitle: 'Legacy Capsule #1',
  recipientName: 'Alan Turing',
  publicUrl: 'https://portal.example.test',
};

describe("the sender's review mails", () => {
  it('stored: the video passed, what can still be done for 10 days, and the link to the capsules', async () => {
    const mail = await videoStoredMail(facts);
    expect(mail.subject).toBe('Legacy Capsule: your video is stored');
    expectSays(mail, [
      'Hello Ada Lovelace,',
      'Your video for Legacy Capsule #1 for Alan Turing has passed its review and is now stored safely.',
      'For 10 days from the upload you can still replace it, delete it or lock the capsule; after that it is locked for good.',
    ]);
    expect(mail.html).toContain('<strong>Legacy Capsule #1 for Alan Turing</strong>');
    expectLinks(mail, ['https://portal.example.test/dashboard']);
  });

  it('refused: the reason, and to upload again', async () => {
    const mail = await videoNeedsReviewMail({
      ...facts,
      recipientName: null,
      reason: 'The video has no sound.',
    });
    expect(mail.subject).toBe('Legacy Capsule: your video needs your attention');
    expectSays(mail, [
      'The video you uploaded for Legacy Capsule #1 could not be accepted:',
      'The video has no sound.',
      'Please upload the video again from your capsules page (Reupload Video).',
    ]);
    expectLinks(mail, ['https://portal.example.test/dashboard']);
  });

  it("escapes the user's values (name, recipient, reason) in the HTML", async () => {
    expectEscaped(await videoStoredMail({ ...facts, fullName: HOSTILE_NAME }));
    expectEscaped(await videoStoredMail({ ...facts, recipientName: HOSTILE_NAME }));
    expectEscaped(await videoNeedsReviewMail({ ...facts, reason: HOSTILE_NAME }));
  });
});
