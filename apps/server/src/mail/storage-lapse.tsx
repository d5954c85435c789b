/** @jsxRuntime automatic */
import { Action, MailLayout, Paragraph, PRODUCT_NAME } from './layout.js';
import { type RenderedMail, renderMail } from './render.js';

// The storage plan's lapse mails (modules/commerce/storage-lapse.service.ts).

/** '12 March 2027' (UTC): a date people read the same wherever they are. */
const longDate = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

interface LapseMailFacts {
  fullName: string;
  planName: string;
  reason: 'payment_failed' | 'cancelled';
  /** When the grace ends and the plan's undelivered capsules are marked for deletion. */
  deleteAfter: Date;
  publicUrl: string;
}

const why = (reason: LapseMailFacts['reason']) =>
  reason === 'payment_failed'
    ? 'the annual storage payment for your plan could not be collected'
    : 'your storage plan was cancelled';

const capsulesLink = (publicUrl: string) => `${publicUrl}/dashboard`;

/** The lapse began: nothing is deleted yet; what happens on which date, and how to avoid it. */
export function storageLapsedMail(facts: LapseMailFacts): Promise<RenderedMail> {
  const date = longDate(facts.deleteAfter);
  return renderMail(
    `${PRODUCT_NAME}: your storage plan needs attention`,
    <MailLayout preview={`Nothing has been deleted. Your capsules are kept until ${date}.`}>
      <Paragraph>{`Hello ${facts.fullName},`}</Paragraph>
      <Paragraph>
        {`We are writing because ${why(facts.reason)} (`}
        <strong>{facts.planName}</strong>).
      </Paragraph>
      <Paragraph>
        {'Nothing has been deleted. Your capsules are kept until '}
        <strong>{date}</strong>. If the plan is not paid by then, your capsules that have not been delivered
        yet will be marked for deletion; you will then still have 30 days to recover them.
      </Paragraph>
      <Paragraph>Capsules already delivered to their recipients are never affected.</Paragraph>
      <Paragraph>To keep everything, renew your storage plan in the shop.</Paragraph>
      <Action href={capsulesLink(facts.publicUrl)}>Your capsules</Action>
    </MailLayout>,
  );
}

/** The grace ended: the undelivered capsules are marked To_Delete; Recover within 30 days. */
export function storageMarkedMail(facts: LapseMailFacts & { markedAt: Date }): Promise<RenderedMail> {
  const until = longDate(new Date(facts.markedAt.getTime() + 30 * 86_400_000));
  return renderMail(
    `${PRODUCT_NAME}: your undelivered capsules are marked for deletion`,
    <MailLayout preview={`You can recover your capsules until ${until}.`}>
      <Paragraph>{`Hello ${facts.fullName},`}</Paragraph>
      <Paragraph>
        {`Because ${why(facts.reason)} (`}
        <strong>{facts.planName}</strong>) and it was not renewed within the grace period, your capsules that
        have not been delivered yet are now marked for deletion.
      </Paragraph>
      <Paragraph>
        {'You can still recover each of them with Recover Capsule on your capsules page until '}
        <strong>{until}</strong>. After that their videos are deleted for good.
      </Paragraph>
      <Paragraph>Capsules already delivered to their recipients are not affected.</Paragraph>
      <Action href={capsulesLink(facts.publicUrl)}>Your capsules</Action>
    </MailLayout>,
  );
}
