// Mail bodies in plain text and HTML. Values are escaped: a user's name is not markup.
const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const PRODUCT_NAME = 'Legacy Capsule';

export function oneTimeCodeMail(fullName: string, code: string, validMinutes: number) {
  const subject = `${PRODUCT_NAME}: your sign-in code is ${code}`;
  const text = [
    `Hello ${fullName},`,
    '',
    `Your ${PRODUCT_NAME} sign-in code is: ${code}`,
    '',
    `It is valid for ${validMinutes} minutes and can be used once.`,
    'If you did not try to sign in, you can ignore this e-mail; your password may be known to someone else, so consider changing it on the main site.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Hello ${escapeHtml(fullName)},</p>
<p>Your ${PRODUCT_NAME} sign-in code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>It is valid for ${validMinutes} minutes and can be used once.</p>
<p style="color:#6b7280;font-size:13px">If you did not try to sign in, you can ignore this e-mail; your password may be known to someone else, so consider changing it on the main site.</p>
</body></html>`;
  return { subject, text, html };
}

/** The page of the portal where the sender's capsules are. */
const capsulesLink = (publicUrl: string) => `${publicUrl}/dashboard`;

interface ReviewMailFacts {
  fullName: string;
  capsuleTitle: string;
  recipientName: string | null;
  publicUrl: string;
}

const forWhom = (recipientName: string | null) => (recipientName ? ` for ${recipientName}` : '');

/** The review passed: the video is stored (the capsule reads 'Stored'). */
export function videoStoredMail(facts: ReviewMailFacts) {
  const capsule = `${facts.capsuleTitle}${forWhom(facts.recipientName)}`;
  const subject = `${PRODUCT_NAME}: your video is stored`;
  const text = [
    `Hello ${facts.fullName},`,
    '',
    `Your video for ${capsule} has passed its review and is now stored safely.`,
    '',
    'For 10 days from the upload you can still replace it, delete it or lock the capsule; after that it is locked for good.',
    `Your capsules: ${capsulesLink(facts.publicUrl)}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Hello ${escapeHtml(facts.fullName)},</p>
<p>Your video for <strong>${escapeHtml(capsule)}</strong> has passed its review and is now stored safely.</p>
<p>For 10 days from the upload you can still replace it, delete it or lock the capsule; after that it is locked for good.</p>
<p><a href="${escapeHtml(capsulesLink(facts.publicUrl))}">Your capsules</a></p>
</body></html>`;
  return { subject, text, html };
}

/** The review refused the video: the capsule is Needs_Review ('Under Review') with the reason. */
export function videoNeedsReviewMail(facts: ReviewMailFacts & { reason: string }) {
  const capsule = `${facts.capsuleTitle}${forWhom(facts.recipientName)}`;
  const subject = `${PRODUCT_NAME}: your video needs your attention`;
  const text = [
    `Hello ${facts.fullName},`,
    '',
    `The video you uploaded for ${capsule} could not be accepted:`,
    facts.reason,
    '',
    'Please upload the video again from your capsules page (Reupload Video).',
    `Your capsules: ${capsulesLink(facts.publicUrl)}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Hello ${escapeHtml(facts.fullName)},</p>
<p>The video you uploaded for <strong>${escapeHtml(capsule)}</strong> could not be accepted:</p>
<p style="border-left:3px solid #f59e0b;padding-left:8px">${escapeHtml(facts.reason)}</p>
<p>Please upload the video again from your capsules page (Reupload Video).</p>
<p><a href="${escapeHtml(capsulesLink(facts.publicUrl))}">Your capsules</a></p>
</body></html>`;
  return { subject, text, html };
}

/** The page of the portal where the recipient's capsules are. */
const receivedLink = (publicUrl: string) => `${publicUrl}/received-capsules`;

interface DocumentOutcomeFacts {
  fullName: string;
  capsuleTitle: string;
  senderName: string | null;
  verified: boolean;
  /** The operator's reason, when rejected. */
  reason: string | null;
  publicUrl: string;
}

/** An operator's verdict on the recipient's document (issue 12): the capsule opens, or why not. */
export function documentOutcomeMail(facts: DocumentOutcomeFacts) {
  const capsule = `${facts.capsuleTitle}${facts.senderName ? ` from ${facts.senderName}` : ''}`;
  const subject = facts.verified
    ? `${PRODUCT_NAME}: your document is verified`
    : `${PRODUCT_NAME}: your document could not be verified`;
  const lines = facts.verified
    ? [`Your document for ${capsule} has been verified. The capsule is now open: you can watch it.`]
    : [
        `Your document for ${capsule} could not be verified:`,
        facts.reason ?? '',
        '',
        'You can submit another document from your Received Capsules page (Submit Documents).',
      ];
  const text = [
    `Hello ${facts.fullName},`,
    '',
    ...lines,
    `Your received capsules: ${receivedLink(facts.publicUrl)}`,
  ].join('\n');
  const body = facts.verified
    ? `<p>Your document for <strong>${escapeHtml(capsule)}</strong> has been verified. The capsule is now open: you can watch it.</p>`
    : `<p>Your document for <strong>${escapeHtml(capsule)}</strong> could not be verified:</p>
<p style="border-left:3px solid #f59e0b;padding-left:8px">${escapeHtml(facts.reason ?? '')}</p>
<p>You can submit another document from your Received Capsules page (Submit Documents).</p>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Hello ${escapeHtml(facts.fullName)},</p>
${body}
<p><a href="${escapeHtml(receivedLink(facts.publicUrl))}">Your received capsules</a></p>
</body></html>`;
  return { subject, text, html };
}

interface CapsuleDeliveredFacts {
  /** The recipient's name on their account. */
  recipientName: string;
  senderName: string;
  /** The sender's own words from the upload dialog (Notify Recipient's message), if any. */
  senderNote: string | null;
  publicUrl: string;
}

/**
 * The recipient's delivery mail (issue 12): who left them a capsule and where to sign in to see
 * it. The link is the Received Capsules page, which asks a signed-out visitor to sign in.
 */
export function capsuleDeliveredMail(facts: CapsuleDeliveredFacts) {
  const link = `${facts.publicUrl}/received-capsules`;
  const subject = `${PRODUCT_NAME}: ${facts.senderName} has left you a time capsule`;
  const note = facts.senderNote?.trim() || null;
  const text = [
    `Hello ${facts.recipientName},`,
    '',
    `${facts.senderName} has left you a time capsule on ${PRODUCT_NAME}, and it has now been delivered to you.`,
    ...(note ? ['', `${facts.senderName} wrote:`, note] : []),
    '',
    'Sign in with this e-mail address to see it in your Received Capsules:',
    link,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Hello ${escapeHtml(facts.recipientName)},</p>
<p><strong>${escapeHtml(facts.senderName)}</strong> has left you a time capsule on ${PRODUCT_NAME}, and it has now been delivered to you.</p>
${note ? `<p>${escapeHtml(facts.senderName)} wrote:</p>\n<p style="border-left:3px solid #7c3aed;padding-left:8px;white-space:pre-wrap">${escapeHtml(note)}</p>\n` : ''}<p>Sign in with this e-mail address to see it in your Received Capsules:</p>
<p><a href="${escapeHtml(link)}">Sign in to see your capsule</a></p>
</body></html>`;
  return { subject, text, html };
}
