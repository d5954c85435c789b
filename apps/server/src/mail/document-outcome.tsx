/** @jsxRuntime automatic */
import { formatDate } from '@capsule/domain';
import { Action, MailLayout, Paragraph, PRODUCT_NAME, Quote } from './layout.js';
import { type RenderedMail, renderMail } from './render.js';

// An operator's verdict on the recipient's document (modules/capsules/received/document-review.service.ts).

interface DocumentOutcomeFacts {
  fullName: string;
  capsuleTitle: string;
  senderName: string | null;
  verified: boolean;
  /** The operator's reason, when rejected. */
  reason: string | null;
  /** Verified inside the sender's objection window: the day it opens (ISO); null: open now. */
  opensAt?: string | null;
  publicUrl: string;
}

/** The capsule opens (verified), or why not and what to do (rejected). */
export function documentOutcomeMail(facts: DocumentOutcomeFacts): Promise<RenderedMail> {
  const capsule = `${facts.capsuleTitle}${facts.senderName ? ` from ${facts.senderName}` : ''}`;
  const link = `${facts.publicUrl}/received-capsules`;
  if (facts.verified && facts.opensAt) {
    const day = formatDate(facts.opensAt);
    return renderMail(
      `${PRODUCT_NAME}: your document is approved`,
      <MailLayout preview={`Your document is approved: the capsule opens on ${day}.`}>
        <Paragraph>{`Hello ${facts.fullName},`}</Paragraph>
        <Paragraph>
          Your document for <strong>{capsule}</strong> has been approved. The capsule opens on {day}: its
          sender is told first, as the service promises them.
        </Paragraph>
        <Action href={link}>Your received capsules</Action>
      </MailLayout>,
    );
  }
  if (facts.verified) {
    return renderMail(
      `${PRODUCT_NAME}: your document is verified`,
      <MailLayout preview="Your document is verified: the capsule is open.">
        <Paragraph>{`Hello ${facts.fullName},`}</Paragraph>
        <Paragraph>
          Your document for <strong>{capsule}</strong> has been verified. The capsule is now open: you can
          watch it.
        </Paragraph>
        <Action href={link}>Your received capsules</Action>
      </MailLayout>,
    );
  }
  return renderMail(
    `${PRODUCT_NAME}: your document could not be verified`,
    <MailLayout preview="Your document could not be verified.">
      <Paragraph>{`Hello ${facts.fullName},`}</Paragraph>
      <Paragraph>
        Your document for <strong>{capsule}</strong> could not be verified:
      </Paragraph>
      <Quote text={facts.reason ?? ''} tone="warning" />
      <Paragraph>
        You can submit another document from your Received Capsules page (Submit Documents).
      </Paragraph>
      <Action href={link}>Your received capsules</Action>
    </MailLayout>,
  );
}
