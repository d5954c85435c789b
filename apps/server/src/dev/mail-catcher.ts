import path from 'node:path';
import { assertPortFree } from './ports.js';

export interface MailCatcher {
  smtpUrl: string;
  inboxUrl: string;
  /** MailDev's REST API: GET /api/email lists the messages. */
  inboxApiUrl: string;
  stop(): Promise<void>;
}

/**
 * Development only: MailDev as a local SMTP server with a web inbox, so one-time codes can be
 * read without a real mail provider. Imported lazily: it is never part of the production path.
 */
export async function startMailCatcher(
  dataDir: string,
  webPort: number,
  smtpPort: number,
): Promise<MailCatcher> {
  await assertPortFree(smtpPort, 'mail catcher (SMTP)', 'MAIL_SMTP_PORT');
  await assertPortFree(webPort, 'mail catcher (web inbox)', 'MAIL_INBOX_PORT');
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({
    smtp: smtpPort,
    web: webPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    mailDirectory: path.join(dataDir, 'mail'),
    silent: true,
  } as ConstructorParameters<typeof MailDev>[0]);
  await maildev.start();
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${webPort}`,
    inboxApiUrl: `http://127.0.0.1:${webPort}/api/email`,
    stop: () => maildev.stop(),
  };
}
