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
