import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { oneTimeCodeSubject } from '../../src/mail/sign-in-code.js';

export interface TrappedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on a free port that keeps every message it receives, so tests read the
 * one-time code out of the mail exactly as a user would, through nodemailer and SMTP.
 */
export async function startMailTrap() {
  const inbox: TrappedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = [mail.to ?? []]
            .flat()
            .flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
          inbox.push({
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: String(mail.html || ''),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (address: string) => inbox.filter((m) => m.to.includes(address.toLowerCase()));

  /** The latest mail to that address that `fits`, waiting briefly for it to arrive. */
  async function latest(address: string, fits: (mail: TrappedMail) => boolean, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mailsTo(address).filter(fits).at(-1);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail arrived for ${address}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    inbox,
    mailsTo,
    clear: () => {
      inbox.length = 0;
    },
    /** The latest mail to that address, waiting briefly for it to arrive. */
    latestTo: (address: string, timeoutMs = 5000) => latest(address, () => true, timeoutMs),
    /**
     * The latest sign-in code mail to that address. Mails from background jobs (a video's review,
     * a delivery) may arrive after it, so a sign-in does not simply take the latest mail.
     */
    latestCodeMailTo: (address: string, timeoutMs = 5000) => latest(address, isCodeMail, timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailTrap = Awaited<ReturnType<typeof startMailTrap>>;

/** A one-time-code mail, told by its subject: the template's, up to the code. */
const CODE_SUBJECT = oneTimeCodeSubject('');
const isCodeMail = (mail: TrappedMail) => mail.subject.startsWith(CODE_SUBJECT);

/** The 6-digit code in a one-time-code mail. */
export function codeIn(mail: TrappedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No code in mail: ${mail.text}`);
  return match[1];
}
