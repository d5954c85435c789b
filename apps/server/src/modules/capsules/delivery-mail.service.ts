import type { AppDeps } from '../../deps.js';
import { addMinutes } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { capsuleDeliveredMail } from '../../mail/templates.js';
import { findPublicUsers } from '../users/index.js';
import {
  claimDueMails,
  findMailFacts,
  listFailedMails,
  markMailGivenUp,
  markMailSent,
  markMailTryFailed,
  retryFailedMails,
} from './delivery.repository.js';
import {
  MAIL_BATCH,
  MAIL_CLAIM_LEASE_MINUTES,
  MAIL_MAX_ATTEMPTS,
  mailBackoffMinutes,
} from './delivery-rules.js';

// The recipient's delivery mail, from the outbox the delivery wrote (delivery_mails). Retries are
// timed by the app's clock (next_attempt_at), not by the job queue's, so they follow deps.clock
// like every other rule. No transaction is held across SMTP: a short one claims a few mails
// (a lease other sweeps respect), each is sent, then recorded.
//
// Exactly once, except for one window: the mail server accepted a mail and the process died
// before markMailSent committed. The claim's lease then ends and the mail is sent again; a mail
// twice rather than never. The window is one UPDATE long; each mail carries a Message-ID made
// from its outbox id, so a mail system that collapses duplicates by Message-ID shows one.

export interface MailRun {
  sent: number;
  /** Tries that failed and will be tried again. */
  retried: number;
  /** Given up: the last try failed. */
  failed: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** One Message-ID per outbox row, on the app's own host. */
function messageIdOf(mailId: string, publicUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // A malformed PUBLIC_URL is config's to refuse; the id only needs a host-like right side.
  }
  return `<delivery-${mailId}@${host}>`;
}

/**
 * The capsules.delivery-mail job: sends every pending delivery mail that is due by the app's
 * clock, a few at a time, until none is left. A failed try waits by the back-off
 * (delivery-rules.ts); after the last one the mail is failed with its error.
 */
export async function sendDueDeliveryMails(deps: AppDeps, signal?: AbortSignal): Promise<MailRun> {
  const run: MailRun = { sent: 0, retried: 0, failed: 0 };
  // Aborted: stop claiming; mails claimed and not sent go back when their lease ends.
  while (!signal?.aborted) {
    const now = deps.clock.now();
    const claimed = await deps.db
      .transaction()
      .execute((trx) => claimDueMails(trx, now, addMinutes(now, MAIL_CLAIM_LEASE_MINUTES), MAIL_BATCH));
    if (claimed.length === 0) break;
    const facts = new Map(
      (
        await findMailFacts(
          deps.db,
          claimed.map((m) => m.capsuleId),
        )
      ).map((f) => [f.id, f]),
    );
    const users = await findPublicUsers(deps.db, [
      ...claimed.map((m) => m.recipientUserId),
      ...[...facts.values()].map((f) => f.ownerId),
    ]);
    for (const mail of claimed) {
      const capsule = facts.get(mail.capsuleId);
      const recipient = users.get(mail.recipientUserId);
      const sender = capsule ? users.get(capsule.ownerId) : undefined;
      if (!capsule || !recipient || !sender) {
        // Deleted with its account or capsule since: nothing to say, and nobody to say it to.
        await markMailGivenUp(deps.db, mail.id, 'The capsule, its sender or its recipient no longer exists');
        run.failed += 1;
        continue;
      }
      try {
        await deps.mailer.send({
          to: recipient.email,
          messageId: messageIdOf(mail.id, deps.config.publicUrl),
          ...capsuleDeliveredMail({
            recipientName: recipient.fullName,
            senderName: sender.fullName,
            senderNote: capsule.notifyMessage,
            publicUrl: deps.config.publicUrl,
          }),
        });
      } catch (error) {
        const last = mail.attempts >= MAIL_MAX_ATTEMPTS;
        const at = deps.clock.now();
        await markMailTryFailed(
          deps.db,
          mail.id,
          last ? null : addMinutes(at, mailBackoffMinutes(mail.attempts)),
          errorText(error),
        );
        if (last) run.failed += 1;
        else run.retried += 1;
        continue;
      }
      await markMailSent(deps.db, mail.id, deps.clock.now());
      run.sent += 1;
    }
  }
  return run;
}

/** The admin CLI's delivery:failed: mails given up after their last try. */
export async function listFailedDeliveryMails(deps: Pick<AppDeps, 'db'>) {
  const rows = await listFailedMails(deps.db);
  return rows.map((r) => ({
    id: r.id,
    capsuleId: r.capsuleId,
    capsuleTitle: r.title,
    recipientEmail: r.recipientEmail,
    attempts: r.attempts,
    lastError: r.lastError,
    deliveredAt: r.createdAt,
  }));
}

/**
 * The admin CLI's delivery:retry: failed mails (one by id, or all) are pending again at once,
 * with a fresh count of tries; the next mail sweep (within a minute) sends them. Answers how many.
 */
export async function retryFailedDeliveryMails(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  id: string | null,
): Promise<number> {
  if (id !== null && !isUuid(id)) return 0;
  return retryFailedMails(deps.db, id, deps.clock.now());
}
