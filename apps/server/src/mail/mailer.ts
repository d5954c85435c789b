import nodemailer from 'nodemailer';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID ('<id@host>'), where a resend must be recognisable as the same mail. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
