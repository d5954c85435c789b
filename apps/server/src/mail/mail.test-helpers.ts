import { expect } from 'vitest';
import type { RenderedMail } from './render.js';

// What the mail tests read of a rendered mail, written apart from the renderer: a reader's view of
// the HTML (its paragraphs and links, tags dropped, entities decoded) and the plain text as sent.

/** A user's value that is markup if it is not escaped. */
export const HOSTILE_NAME = '<b>Eve & "Co"</b>';

/** The same value as escaped HTML text. */
const HOSTILE_ESCAPED = '&lt;b&gt;Eve &amp; &quot;Co&quot;&lt;/b&gt;';

const decode = (s: string) =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The text of each paragraph of the HTML as a reader sees it (the hidden preview line is no paragraph). */
export function paragraphs(html: string): string[] {
  return [...html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)].map((m) =>
    decode(
      (m[1] ?? '')
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/<br\s*\/?>/g, '\n')
        .replace(/<[^>]+>/g, ''),
    )
      .replace(/[ \t]+/g, ' ')
      .trim(),
  );
}

/** Every link's address in the HTML. */
export const linksOf = (html: string) =>
  [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) => decode(m[1] ?? ''));

/** Each sentence is shown in a paragraph of the HTML and written in the text. */
export function expectSays(mail: RenderedMail, sentences: string[]): void {
  const shown = paragraphs(mail.html);
  for (const sentence of sentences) {
    expect(
      shown.some((p) => p.includes(sentence)),
      `the HTML shows "${sentence}" in: ${JSON.stringify(shown)}`,
    ).toBe(true);
    expect(mail.text, 'the text part').toContain(sentence);
  }
}

/** Neither part says it. */
export function expectNeverSays(mail: RenderedMail, words: RegExp): void {
  expect(mail.subject).not.toMatch(words);
  expect(paragraphs(mail.html).join('\n')).not.toMatch(words);
  expect(mail.text).not.toMatch(words);
}

/** The HTML links exactly to these, and the text part writes each out. */
export function expectLinks(mail: RenderedMail, urls: string[]): void {
  expect(linksOf(mail.html)).toEqual(urls);
  for (const url of urls) expect(mail.text).toContain(url);
}

/** The hostile value reaches the HTML as text, never as markup, and the text part as it is. */
export function expectEscaped(mail: RenderedMail): void {
  expect(mail.html).toContain(HOSTILE_ESCAPED);
  expect(mail.html).not.toContain('<b>Eve');
  expect(paragraphs(mail.html).join('\n')).toContain(HOSTILE_NAME);
  expect(mail.text).toContain(HOSTILE_NAME);
}
