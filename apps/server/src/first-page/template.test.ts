import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_ELEMENT_ID, type FirstPage } from './contract.js';
import { firstPageTemplate, SIGNED_IN_MODULE, scriptSafeJson, type ViteManifest } from './template.js';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Legacy Capsule</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c3.css">
  </head>
  <body>
    <div id="root">
      <div class="boot-status" role="status"><span>Checking authentication...</span></div>
    </div>
  </body>
</html>
`;

const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-a1.js', imports: ['_react-b2.js'], css: ['assets/index-c3.css'] },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_shared-d4.js': { file: 'assets/shared-d4.js', css: ['assets/shared-e5.css'] },
  [SIGNED_IN_MODULE]: {
    file: 'assets/signed-in-f6.js',
    imports: ['_react-b2.js', 'index.html', '_shared-d4.js'],
    css: ['assets/signed-in-g7.css'],
  },
};

const PAGE: FirstPage = {
  at: 1_800_000_000_000,
  status: { loggedIn: true } as FirstPage['status'],
  state: {
    queries: [
      { queryKey: ['capsules', 'list'], state: { data: { title: '</script><script>alert(1)</script>' } } },
    ],
  },
};

describe('the page a server render is sent in', () => {
  it('puts the markup in the root element, in place of the loading screen, and the data after it', () => {
    const html = firstPageTemplate(INDEX, MANIFEST).render('<main>Capsule #1</main>', PAGE);
    expect(html).toContain('<div id="root"><main>Capsule #1</main></div>');
    expect(html).not.toContain('Checking authentication...');
    const data = html.indexOf(`<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">`);
    expect(data).toBeGreaterThan(html.indexOf('</main></div>'));
    expect(data).toBeLessThan(html.indexOf('</body>'));
    expect(html.endsWith('</html>\n')).toBe(true);
  });

  it('links the signed-in app’s styles in the head, each once, none the page already has', () => {
    const html = firstPageTemplate(INDEX, MANIFEST).render('', PAGE);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<html lang="en" data-mantine-color-scheme="light" data-first-page>');
    expect(head.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-c3.css">',
      '<link rel="stylesheet" crossorigin href="/assets/shared-e5.css">',
      '<link rel="stylesheet" crossorigin href="/assets/signed-in-g7.css">',
    ]);
    // The chunks are not preloaded: main.tsx asks for them once it runs (see the template).
    expect(head.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/react-b2.js">',
    ]);
  });

  it('refuses an index.html it cannot render into, and a build without the signed-in app', () => {
    expect(() => firstPageTemplate('<html><head></head><body></body></html>', MANIFEST)).toThrow(/root/);
    expect(() => firstPageTemplate(INDEX, { 'index.html': MANIFEST['index.html'] as never })).toThrow(
      SIGNED_IN_MODULE,
    );
  });

  it('sends data no text can close the script element with, and reads back exactly', () => {
    const hostile = { title: '</script><!-- <script>\u2028\u2029&' };
    const json = scriptSafeJson(hostile);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(hostile);
    const html = firstPageTemplate(INDEX, MANIFEST).render('', PAGE);
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the module script's and the data's
  });
});
