import { milestoneOpensAt, type ReceivedFacts } from '@capsule/domain';
import type { AppDeps } from '../../../deps.js';
import { addMinutes } from '../../../lib/clock.js';
import { isUuid } from '../../../lib/ids.js';
import { capsuleDeliveredMail, capsuleOpenMail } from '../../../mail/capsule-delivered.js';
import type { RenderedMail } from '../../../mail/render.js';
import { findPublicUsers, type PublicUser } from '../../users/index.js';
import {
  type ClaimedMail,
  claimDueMails,
  findDatedWaitingMails,
  findMailFacts,
  listFailedMails,
  type MailFactsRow,
  markMailGivenUp,
  markMailSent,
  markMailTryFailed,
  markMailWaiting,
  retryFailedMails,
  scheduleMail,
} from './delivery.repository.js';
import {
  DELIVERY_BATCH,
  deliveryOutlook,
  MAIL_BATCH,
  MAIL_CLAIM_LEASE_MINUTES,
  MAIL_MAX_ATTEMPTS,
  mailBackoffMinutes,
  openingMailStep,
} from './delivery-rules.js';
import { troubledMailView } from './delivery-watch.service.js';

// The recipient's mails, from the outbox the delivery wrote (delivery_mails): the delivery mail,
// and a dated capsule's opening-day mail (docs/decisions/022-mail-templates.md). Retries are
// timed by the app's clock (next_attempt_at), not by the job queue's, so they follow deps.clock
// like every other rule. No transaction is held across SMTP: a short one claims a few mails
// (a lease other sweeps respect), each is sent, then recorded. What a mail says is decided when
// it is sent, by the release rule then.
//
// Exactly once, except for one window: the mail server accepted a mail and the process died
// before markMailSent committed. The claim's lease then ends and the mail is sent again; a mail
// twice rather than never. The window is one UPDATE long; each mail carries a Message-ID made
// from its outbox id, so a mail system that collapses duplicates by Message-ID shows one.

interface MailRun {
  sent: number;
  /** Tries that failed and will be tried again. */
  retried: number;
  /** Given up: the last try failed. */
  failed: number;
  /** Opening mails that were waiting for a date and now have their day. */
  scheduled: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** One Message-ID per outbox row, on the app's own host. */
function messageIdOf(mail: Pick<ClaimedMail, 'id' | 'kind'>, publicUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // A malformed PUBLIC_URL is config's to refuse; the id only needs a host-like right side.
  }
  return `<${mail.kind}-${mail.id}@${host}>`;
}

/** What the release rule reads of the capsule, as the recipient has it now. */
const releaseFacts = (capsule: MailFactsRow): ReceivedFacts => ({
  criteria: capsule.deliveryCriteria,
  deliveryDate: capsule.deliveryDate,
  documentStatus: capsule.documentVerificationStatus,
  hasVideo: capsule.videoBlobName !== null,
});

/**
 * Opening mails waiting for a date whose capsule got one since (a date set after the delivery):
 * due at its day's first instant, at once if that has passed. Looked at by every mail sweep,
 * through the index of the waiting mails, so no path that sets a date has to call this.
 */
async function scheduleDatedOpeningMails(deps: AppDeps): Promise<number> {
  let scheduled = 0;
  for (;;) {
    const rows = await findDatedWaitingMails(deps.db, DELIVERY_BATCH);
    let dated = 0;
    for (const row of rows) {
      const opensAt = milestoneOpensAt(row.deliveryDate);
      if (!opensAt) continue;
      await scheduleMail(deps.db, row.id, opensAt);
      dated += 1;
    }
    scheduled += dated;
    // A date the rule cannot read leaves its mail waiting; stop rather than read it again.
    if (rows.length < DELIVERY_BATCH || dated === 0) return scheduled;
  }
}

type Prepared = { kind: 'send'; message: Promise<RenderedMail> } | { kind: 'done'; failed: boolean };

/**
 * The message for a claimed mail, or what was done instead: an opening mail whose capsule is not
 * open by the release rule is not sent (its day moved: due then; no date: waiting again; closed
 * for another reason: failed with that reason, for an operator to look at).
 */
async function prepare(
  deps: AppDeps,
  mail: ClaimedMail,
  capsule: MailFactsRow,
  people: { recipient: PublicUser; sender: PublicUser },
): Promise<Prepared> {
  const facts = releaseFacts(capsule);
  const now = deps.clock.now();
  const common = {
    recipientName: people.recipient.fullName,
    senderName: people.sender.fullName,
    publicUrl: deps.config.publicUrl,
  };
  if (mail.kind === 'delivery') {
    return {
      kind: 'send',
      message: capsuleDeliveredMail({
        ...common,
        senderNote: capsule.notifyMessage,
        outlook: deliveryOutlook(facts, now),
      }),
    };
  }
  const step = openingMailStep(facts, now);
  switch (step.action) {
    case 'send':
      return { kind: 'send', message: capsuleOpenMail(common) };
    case 'reschedule':
      await scheduleMail(deps.db, mail.id, step.at);
      return { kind: 'done', failed: false };
    case 'wait':
      await markMailWaiting(deps.db, mail.id);
      return { kind: 'done', failed: false };
    case 'giveUp':
      await markMailGivenUp(deps.db, mail.id, `The capsule is not open: ${step.reason}`);
      return { kind: 'done', failed: true };
  }
}

/**
 * The capsules.delivery-mail job: first gives waiting opening mails whose capsule now has a date
 * their day, then sends every pending mail that is due by the app's clock, a few at a time, until
 * none is left. A failed try waits by the back-off (delivery-rules.ts); after the last one the
 * mail is failed with its error. Both kinds alike.
 */
export async function sendDueDeliveryMails(deps: AppDeps, signal?: AbortSignal): Promise<MailRun> {
  const run: MailRun = { sent: 0, retried: 0, failed: 0, scheduled: await scheduleDatedOpeningMails(deps) };
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
    // The batch's mails go at once: the mailer's pooled connections (mail/mailer.ts) carry them.
    const sendOne = async (mail: ClaimedMail) => {
      const capsule = facts.get(mail.capsuleId);
      const recipient = users.get(mail.recipientUserId);
      const sender = capsule ? users.get(capsule.ownerId) : undefined;
      if (!capsule || !recipient || !sender) {
        // Deleted with its account or capsule since: nothing to say, and nobody to say it to.
        await markMailGivenUp(deps.db, mail.id, 'The capsule, its sender or its recipient no longer exists');
        run.failed += 1;
        return;
      }
      try {
        const prepared = await prepare(deps, mail, capsule, { recipient, sender });
        if (prepared.kind === 'done') {
          if (prepared.failed) run.failed += 1;
          return;
        }
        await deps.mailer.send({
          to: recipient.email,
          messageId: messageIdOf(mail, deps.config.publicUrl),
          ...(await prepared.message),
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
        return;
      }
      await markMailSent(deps.db, mail.id, deps.clock.now());
      run.sent += 1;
    };
    // Every send settles before the next claim; a database fault of one is thrown after (the job
    // retries; a mail sent but not marked is sent again under its same Message-ID).
    const outcomes = await Promise.allSettled(claimed.map(sendOne));
    const fault = outcomes.find((outcome) => outcome.status === 'rejected');
    if (fault) throw fault.reason;
  }
  return run;
}

/** The admin CLI's delivery:failed: mails of both kinds given up after their last try. */
export async function listFailedDeliveryMails(deps: Pick<AppDeps, 'db'>) {
  return (await listFailedMails(deps.db)).map(troubledMailView);
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
