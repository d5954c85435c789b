// Where a sign-in may send the visitor back to: only a path of this site. The path comes from
// the address (/login?next=...), which anyone can write into a link, so an address that a
// browser would read as another site's is refused: '//evil.example' and '/\evil.example' (a
// browser reads both as a host), 'https://...', 'javascript:...', and anything else that does
// not start with a single '/'. Tabs and line breaks are refused too: URL parsers drop them, so
// '/\t/evil.example' would become '//evil.example'.

/** Longer than any address of the portal; a longer one is not ours. */
const MAX_LENGTH = 2048;

/** A base no real site has: what the path resolves against must stay on it. */
const SAME_SITE = 'https://same-site.invalid';

function hasControlOrSpace(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The same-site path (path, query string and fragment) `raw` names, normalised as a browser
 * would resolve it; null when `raw` is missing or could lead anywhere else.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  if (raw.includes('\\') || hasControlOrSpace(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, SAME_SITE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can fold into a leading '//' ('/a/..//evil.example').
  return path.startsWith('//') ? null : path;
}
