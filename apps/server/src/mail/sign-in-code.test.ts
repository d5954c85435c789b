import { describe, expect, it } from 'vitest';
import { expectEscaped, expectSays, HOSTILE_NAME, linksOf } from './mail.test-helpers.js';
import { oneTimeCodeMail, oneTimeCodeSubject } from './sign-in-code.js';

describe('the one-time sign-in code mail', () => {
  it('gives the code, how long it lasts and what to do if it was not you, in HTML and text', async () => {
    const mail = await oneTimeCodeMail('Ada Lovelace', '042917', 10);
    expect(mail.subject).toBe('Legacy Capsule: your sign-in code is 042917');
    expect(mail.subject.startsWith(oneTimeCodeSubject(''))).toBe(true);
    expectSays(mail, [
      'Hello Ada Lovelace,',
      'Your Legacy Capsule sign-in code is:',
      '042917',
      'It is valid for 10 minutes and can be used once.',
      'If you did not try to sign in, you can ignore this e-mail;',
    ]);
    // No link: a code mail never asks anyone to click.
    expect(linksOf(mail.html)).toEqual([]);
    // The text part is text: no markup left in it.
    expect(mail.text).not.toMatch(/<[a-z!/]/i);
  });

  it("escapes the user's name in the HTML", async () => {
    expectEscaped(await oneTimeCodeMail(HOSTILE_NAME, '123456', 10));
  });
});
