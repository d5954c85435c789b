/** @jsxRuntime automatic */
import { Action, MailLayout, Paragraph, PRODUCT_NAME, Quote } from './layout.js';
import { type RenderedMail, renderMail } from './render.js';

// The sender's mails about the review of an uploaded video (modules/capsules/video/upload-mail.service.ts).

interface ReviewMailFacts {
  fullName: string;
  capsuleTitle: string;
  recipientName: string | null;
  publicUrl: string;
}

/** 'Legacy Capsule #1 for Alan Turing'. */
const capsuleName = (facts: ReviewMailFacts) =>
  `${facts.capsuleTitle}${facts.recipientName ? ` for ${facts.recipientName}` : ''}`;

/** The page of the portal where the sender's capsules are. */
const capsulesLink = (publicUrl: string) => `${publicUrl}/dashboard`;

/** The review passed: the video is stored (the capsule reads 'Stored'). */
export function videoStoredMail(facts: ReviewMailFacts): Promise<RenderedMail> {
  const capsule = capsuleName(facts);
  return renderMail(
    `${PRODUCT_NAME}: your video is stored`,
    <MailLayout preview={`Your video for ${capsule} is stored safely.`}>
      <Paragraph>{`Hello ${facts.fullName},`}</Paragraph>
      <Paragraph>
        Your video for <strong>{capsule}</strong> has passed its review and is now stored safely.
      </Paragraph>
      <Paragraph>
        For 10 days from the upload you can still replace it, delete it or lock the capsule; after that it is
        locked for good.
      </Paragraph>
      <Action href={capsulesLink(facts.publicUrl)}>Your capsules</Action>
    </MailLayout>,
  );
}

/** The review refused the video: the capsule is Needs_Review ('Under Review') with the reason. */
export function videoNeedsReviewMail(facts: ReviewMailFacts & { reason: string }): Promise<RenderedMail> {
  const capsule = capsuleName(facts);
  return renderMail(
    `${PRODUCT_NAME}: your video needs your attention`,
    <MailLayout preview={`The video for ${capsule} could not be accepted.`}>
      <Paragraph>{`Hello ${facts.fullName},`}</Paragraph>
      <Paragraph>
        The video you uploaded for <strong>{capsule}</strong> could not be accepted:
      </Paragraph>
      <Quote text={facts.reason} tone="warning" />
      <Paragraph>Please upload the video again from your capsules page (Reupload Video).</Paragraph>
      <Action href={capsulesLink(facts.publicUrl)}>Your capsules</Action>
    </MailLayout>,
  );
}
