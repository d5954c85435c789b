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
