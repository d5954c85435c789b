/** @jsxRuntime automatic */
import { formatDate } from '@capsule/domain';
import { Action, MailLayout, Paragraph, PRODUCT_NAME } from './layout.js';
import { type RenderedMail, renderMail } from './render.js';

// The sender's objection window (modules/capsules/received/document-review.service.ts): the
// recipient's document was verified, and the capsule opens when the window ends.

interface ObjectionWindowFacts {
  fullName: string;
  capsuleTitle: string;
  recipientName: string | null;
  /** ISO instant the window ends and the capsule opens. */
  opensAt: string;
  publicUrl: string;
}

export function objectionWindowMail(facts: ObjectionWindowFacts): Promise<RenderedMail> {
  const day = formatDate(facts.opensAt);
  const who = facts.recipientName ?? 'Its recipient';
  return renderMail(
    `${PRODUCT_NAME}: ${facts.capsuleTitle} opens on ${day} unless you object`,
    <MailLayout preview={`A document for ${facts.capsuleTitle} was verified. It opens on ${day}.`}>
      <Paragraph>{`Hello ${facts.fullName},`}</Paragraph>
      <Paragraph>
        {who} sent a document for your capsule <strong>{facts.capsuleTitle}</strong>, and our team verified
        it. The capsule opens on {day}.
      </Paragraph>
      <Paragraph>
        If this is wrong, you can object until then: sign in, open the capsule's details on your dashboard and
        choose Object, with your reason. The document then goes back to our team.
      </Paragraph>
      <Action href={`${facts.publicUrl}/dashboard`}>Your capsules</Action>
    </MailLayout>,
  );
}
