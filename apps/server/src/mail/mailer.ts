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

/**
 * SMTP connections kept open and shared by the sends: a burst (the delivery peak's outbox) does not
 * open a connection, greet and close for each mail, and a few go at once. Kept small for the
 * mail server's sake; an SMTP_URL that names its own `pool` or `maxConnections` keeps them.
 */
export const MAIL_POOL_CONNECTIONS = 5;

/** The SMTP URL with nodemailer's pool on unless the URL says otherwise. */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections'))
    url.searchParams.set('maxConnections', String(MAIL_POOL_CONNECTIONS));
  return url.toString();
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(pooledSmtpUrl(smtpUrl));
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
