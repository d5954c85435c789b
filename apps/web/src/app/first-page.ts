import { FIRST_PAGE_ELEMENT_ID, type FirstPage } from '@capsule/server/first-page';
import type { DehydratedState } from '@tanstack/react-query';

/**
 * The answers the server rendered this page with, taken out of the document, or null when the browser draws the page
 * itself (a signed-out visit, a page the server does not render, a failed render).
 */
export function readFirstPage(doc: Document): FirstPage<DehydratedState> | null {
  const element = doc.getElementById(FIRST_PAGE_ELEMENT_ID);
  const text = element?.textContent;
  // Read once, then gone: the page's data (the user's name, their capsules) must not stay in
  // the document after a logout in this tab, for whoever signs in next.
  element?.remove();
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstPage<DehydratedState>;
  } catch {
    return null;
  }
}
