/** @jsxRuntime automatic */
import { formatDate } from '@capsule/domain';
import { Action, MailLayout, Paragraph, PRODUCT_NAME, Quote } from './layout.js';
import { type RenderedMail, renderMail } from './render.js';

// The recipient's mails about a capsule left for them (modules/capsules/delivery/delivery-mail.service.ts):
// the delivery mail, which says what they can do now, and the opening-day mail. The link is the
// Received Capsules page, which asks a signed-out visitor to sign in and then shows it.

/**
 * What the recipient can do with the capsule when the mail is sent, decided by the server from
 * the release rule (delivery-rules.ts, deliveryOutlook). Never 'delivered' for a closed capsule.
 */
export type DeliveryOutlook =
  | { kind: 'ready' }
  /** A Milestone_Date capsule whose day is ahead; `date` is 'YYYY-MM-DD'. */
  | { kind: 'opensOn'; date: string }
  /** A Milestone_Date capsule without a date yet (locked before the date was required). */
  | { kind: 'dateToBeSet' }
  /** A document capsule: the recipient must send a document (none yet, or one was rejected). */
  | { kind: 'documentNeeded' }
  /** A document capsule whose document waits for an operator. */
  | { kind: 'documentInReview' }
  /** Closed for another reason (no video to play): no promise, only where to look. */
  | { kind: 'notYet' };

interface CapsuleDeliveredFacts {
  /** The recipient's name on their account. */
  recipientName: string;
  senderName: string;
  /** The sender's own words from the upload dialog of the accepted video, if any. */
  senderNote: string | null;
  outlook: DeliveryOutlook;
  publicUrl: string;
}

const receivedLink = (publicUrl: string) => `${publicUrl}/received-capsules`;

/** The subject's end and the sentence that tells the recipient what they can do now. */
function outlookWords(outlook: DeliveryOutlook, senderName: string): { subject: string; sentence: string } {
  switch (outlook.kind) {
    case 'ready':
      return { subject: ', ready for you', sentence: 'It is ready for you: you can watch it now.' };
    case 'opensOn': {
      const date = formatDate(outlook.date);
      return {
        subject: ` that opens on ${date}`,
        sentence: `It opens on ${date}. We will e-mail you again that day.`,
      };
    }
    case 'dateToBeSet':
      return {
        subject: ' that opens on a date still to be set',
        sentence: `It opens on a date ${senderName} will set, and we will e-mail you that day.`,
      };
    case 'documentNeeded':
      return {
        subject: ' that opens once you verify your document',
        sentence: 'It opens once you verify your document: sign in and choose Submit Documents.',
      };
    case 'documentInReview':
      return {
        subject: ' that opens once your document is verified',
        sentence:
          'It opens once your document is verified. It is being reviewed now; we will e-mail you the outcome.',
      };
    case 'notYet':
      return { subject: '', sentence: 'Sign in to see when you can watch it.' };
  }
}

/** The delivery mail: who left them a capsule, what they can do with it now, and where. */
export function capsuleDeliveredMail(facts: CapsuleDeliveredFacts): Promise<RenderedMail> {
  const words = outlookWords(facts.outlook, facts.senderName);
  const note = facts.senderNote?.trim() || null;
  const ready = facts.outlook.kind === 'ready';
  return renderMail(
    `${PRODUCT_NAME}: ${facts.senderName} has left you a time capsule${words.subject}`,
    <MailLayout preview={words.sentence}>
      <Paragraph>{`Hello ${facts.recipientName},`}</Paragraph>
      <Paragraph>
        <strong>{facts.senderName}</strong>
        {` has left you a time capsule on ${PRODUCT_NAME}.`}
      </Paragraph>
      <Paragraph>{words.sentence}</Paragraph>
      {note ? (
        <>
          <Paragraph>{`${facts.senderName} wrote:`}</Paragraph>
          <Quote text={note} />
        </>
      ) : null}
      <Paragraph>
        {ready
          ? 'Sign in with this e-mail address to watch it in your Received Capsules:'
          : 'Sign in with this e-mail address to see it in your Received Capsules:'}
      </Paragraph>
      <Action href={receivedLink(facts.publicUrl)}>Open your Received Capsules</Action>
    </MailLayout>,
  );
}

interface CapsuleOpenFacts {
  recipientName: string;
  senderName: string;
  publicUrl: string;
}

/** The opening-day mail: a dated capsule delivered before its day is open now. */
export function capsuleOpenMail(facts: CapsuleOpenFacts): Promise<RenderedMail> {
  const sentence = `The time capsule ${facts.senderName} left you is open now: you can watch it.`;
  return renderMail(
    `${PRODUCT_NAME}: the time capsule from ${facts.senderName} is open now`,
    <MailLayout preview={sentence}>
      <Paragraph>{`Hello ${facts.recipientName},`}</Paragraph>
      <Paragraph>{sentence}</Paragraph>
      <Paragraph>Sign in with this e-mail address to watch it in your Received Capsules:</Paragraph>
      <Action href={receivedLink(facts.publicUrl)}>Open your Received Capsules</Action>
    </MailLayout>,
  );
}
