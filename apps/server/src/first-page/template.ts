import { FIRST_PAGE_ATTRIBUTE, FIRST_PAGE_ELEMENT_ID, type FirstPage } from './contract.js';

/** Vite's build manifest (dist/.vite/manifest.json): what each chunk needs. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The web app's module whose code and styles a server-rendered page needs: every signed-in page. */
export const SIGNED_IN_MODULE = 'src/app/signed-in.ts';

/** A JSON text safe inside a script element: no `<` can close it or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The stylesheets of `key` and of everything it imports, each once, in load order. */
function stylesheetsOf(manifest: ViteManifest, key: string): string[] {
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name) || name.endsWith('.html')) return;
    seen.add(name);
    for (const imported of chunk.imports ?? []) visit(imported);
    css.push(...(chunk.css ?? []));
  };
  visit(key);
  return [...new Set(css)];
}

/**
 * index.html made ready to carry a rendered signed-in page: the signed-in app's stylesheets
 * in the head (the page is drawn styled, before any script) and the color scheme Mantine would
 * set from script. Its chunks are not preloaded here: asked for at once, they competed with the
 * page's own parsing and first paint (largest paint about 230 ms later in an A/B on a slow
 * machine), and main.tsx asks for them as soon as it runs. Built once at start; `render`
 * fills in one answer.
 */
export function firstPageTemplate(indexHtml: string, manifest: ViteManifest) {
  const rootOpen = '<div id="root">';
  const opened = indexHtml.indexOf(rootOpen);
  const bodyEnd = indexHtml.lastIndexOf('</body>');
  const closed = indexHtml.lastIndexOf('</div>', bodyEnd);
  const headEnd = indexHtml.indexOf('</head>');
  if (opened < 0 || headEnd < 0 || headEnd > opened || closed < opened) {
    throw new Error('index.html has no <div id="root"> inside its body to render into');
  }
  if (!manifest[SIGNED_IN_MODULE]) throw new Error(`the build manifest has no ${SIGNED_IN_MODULE}`);
  const links = stylesheetsOf(manifest, SIGNED_IN_MODULE)
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  const head = indexHtml
    .slice(0, headEnd)
    .replace(
      '<html lang="en">',
      `<html lang="en" data-mantine-color-scheme="light" ${FIRST_PAGE_ATTRIBUTE}>`,
    );
  const beforeRoot = `${head}  ${links.join('\n    ')}\n  ${indexHtml.slice(headEnd, opened)}${rootOpen}`;
  const afterRoot = indexHtml.slice(closed, bodyEnd);
  const end = indexHtml.slice(bodyEnd);

  return {
    /** The page: `markup` inside the root element, `page` beside it for the browser's first render. */
    render(markup: string, page: FirstPage): string {
      const data = `<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">${scriptSafeJson(page)}</script>\n  `;
      return `${beforeRoot}${markup}${afterRoot}${data}${end}`;
    },
  };
}
