import { PRODUCT_NAME } from './templates.js';

// The storage plan's lapse mails (modules/commerce/storage-lapse.service.ts), in plain text and
// HTML. Values are escaped: a plan's or a person's name is not markup.

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

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

const html = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">\n${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('\n')}\n</body></html>`;

/** The lapse began: nothing is deleted yet; what happens on which date, and how to avoid it. */
export function storageLapsedMail(facts: LapseMailFacts) {
  const subject = `${PRODUCT_NAME}: your storage plan needs attention`;
  const date = longDate(facts.deleteAfter);
  const lines = [
    `Hello ${facts.fullName},`,
    `We are writing because ${why(facts.reason)} (${facts.planName}).`,
    `Nothing has been deleted. Your capsules are kept until ${date}. If the plan is not paid by then, your capsules that have not been delivered yet will be marked for deletion; you will then still have 30 days to recover them.`,
    'Capsules already delivered to their recipients are never affected.',
    `To keep everything, renew your storage plan in the shop. Your capsules: ${facts.publicUrl}/dashboard`,
  ];
  return {
    subject,
    text: lines.join('\n\n'),
    html: html([
      `Hello ${escapeHtml(facts.fullName)},`,
      `We are writing because ${why(facts.reason)} (<strong>${escapeHtml(facts.planName)}</strong>).`,
      `Nothing has been deleted. Your capsules are kept until <strong>${date}</strong>. If the plan is not paid by then, your capsules that have not been delivered yet will be marked for deletion; you will then still have 30 days to recover them.`,
      'Capsules already delivered to their recipients are never affected.',
      `To keep everything, renew your storage plan in the shop. <a href="${escapeHtml(`${facts.publicUrl}/dashboard`)}">Your capsules</a>`,
    ]),
  };
}

/** The grace ended: the undelivered capsules are marked To_Delete; Recover within 30 days. */
export function storageMarkedMail(facts: LapseMailFacts & { markedAt: Date }) {
  const subject = `${PRODUCT_NAME}: your undelivered capsules are marked for deletion`;
  const until = longDate(new Date(facts.markedAt.getTime() + 30 * 86_400_000));
  const lines = [
    `Hello ${facts.fullName},`,
    `Because ${why(facts.reason)} (${facts.planName}) and it was not renewed within the grace period, your capsules that have not been delivered yet are now marked for deletion.`,
    `You can still recover each of them with Recover Capsule on your capsules page until ${until}. After that their videos are deleted for good.`,
    'Capsules already delivered to their recipients are not affected.',
    `Your capsules: ${facts.publicUrl}/dashboard`,
  ];
  return {
    subject,
    text: lines.join('\n\n'),
    html: html([
      `Hello ${escapeHtml(facts.fullName)},`,
      `Because ${why(facts.reason)} (<strong>${escapeHtml(facts.planName)}</strong>) and it was not renewed within the grace period, your capsules that have not been delivered yet are now marked for deletion.`,
      `You can still recover each of them with Recover Capsule on your capsules page until <strong>${until}</strong>. After that their videos are deleted for good.`,
      'Capsules already delivered to their recipients are not affected.',
      `<a href="${escapeHtml(`${facts.publicUrl}/dashboard`)}">Your capsules</a>`,
    ]),
  };
}
