import path from 'node:path';

export interface MailCatcher {
  smtpUrl: string;
  inboxUrl: string;
  stop(): Promise<void>;
}

/**
 * Development only: MailDev as a local SMTP server with a web inbox, so one-time codes can be
 * read without a real mail provider. Imported lazily: it is never part of the production path.
 */
export async function startMailCatcher(
  dataDir: string,
  webPort: number,
  smtpPort = webPort - 55, // 1080 -> 1025, MailDev's usual pair
): Promise<MailCatcher> {
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
    stop: () => maildev.stop(),
  };
}
