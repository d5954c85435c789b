import type { ReactElement } from 'react';
import { render, toPlainText } from 'react-email';

/** A mail ready for the Mailer: its subject, its HTML and the plain-text twin of that HTML. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Renders a template once and derives the plain text from that HTML (React Email's own
 * conversion, as `render(..., { plainText: true })` does after a second render): the two parts
 * of a mail always say the same thing, and a user's value is escaped by React in the HTML.
 */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const html = await render(element);
  return { subject, html, text: toPlainText(html) };
}
