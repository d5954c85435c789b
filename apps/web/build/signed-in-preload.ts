import type { Plugin } from 'vite';

const SCRIPT_FILE = 'signed-in-preload.js';

// Runs in the page, as a file: the portal's CSP allows no inline script. It reads the list the
// build wrote into index.html (a JSON data block, which is never executed).
const SCRIPT = `(function () {
  var data = document.getElementById('signed-in-preload');
  if (!data) return;
  var list = JSON.parse(data.textContent);
  if (list.publicPaths.indexOf(location.pathname) !== -1) return;
  list.links.forEach(function (link) {
    var element = document.createElement('link');
    element.rel = link[0];
    element.href = link[1];
    if (link[2]) element.as = link[2];
    // As Vite's own preloads and dynamic imports ask (CORS, same-origin credentials), so the
    // browser reuses these answers rather than fetching again.
    element.crossOrigin = '';
    document.head.appendChild(element);
  });
})();
`;

/**
 * A protected page opened directly (a bookmark, a reload) needs the signed-in app's chunk; the
 * app asks for it only once its first script has run (main.tsx), half a second into the visit
 * on a slow machine. This has the browser ask for that chunk, the chunks it imports and its
 * stylesheet at once, beside the first script, on any path that is not public (issue #10: the
 * dashboard's code and data load together). The sign-in screens do not fetch it, so their
 * first visit stays small.
 */
export function signedInPreload({
  entry,
  publicPaths,
}: {
  entry: string;
  publicPaths: readonly string[];
}): Plugin {
  return {
    name: 'capsule:signed-in-preload',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SCRIPT_FILE, source: SCRIPT });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const signedIn = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(entry));
        if (!signedIn) throw new Error(`signed-in-preload: no chunk for ${entry}`);
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const walk = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) walk(imported, into);
        };
        // The entry's own chunks are already on their way (the page's first script).
        const initial = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, initial);
        const needed = new Set<string>();
        walk(signedIn.fileName, needed);
        const scripts = [...needed].filter((file) => !initial.has(file));
        const styles = scripts.flatMap((file) => [...(byName.get(file)?.viteMetadata?.importedCss ?? [])]);
        const links = [
          ...scripts.map((file) => ['modulepreload', `/${file}`]),
          ...styles.map((file) => ['preload', `/${file}`, 'style']),
        ];
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'signed-in-preload' },
            children: JSON.stringify({ publicPaths, links }),
            injectTo: 'head',
          },
          { tag: 'script', attrs: { src: `/${SCRIPT_FILE}`, async: true }, injectTo: 'head' },
        ];
      },
    },
  };
}
