import { FIRST_PAGE_ELEMENT_ID, type FirstPage } from '@capsule/server/first-page';

/**
 * The answers the server rendered this page with, or null when the browser draws the page
 * itself (a signed-out visit, a page the server does not render, a failed render).
 */
export function readFirstPage(doc: Document): FirstPage | null {
  const text = doc.getElementById(FIRST_PAGE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstPage;
  } catch {
    return null;
  }
}
