import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { GUARD_TEXTS } from './src/features/auth/ProtectedRoute/guard-texts.ts';

// The API server (apps/server) listens on 3000 in development. The proxy keeps the browser's
// Host header (no changeOrigin), so the server's same-origin check on writes still passes.
const API_TARGET = 'http://localhost:3000';

// Two builds: the browser's (dist/) and the server's (`vite build --ssr`, dist-ssr/), with which
// the server renders a signed-in page's first view (src/ssr/entry-server.tsx).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // index.html's loading screen says what the route guard says while the sign-in state is
    // checked: the text lives in guard-texts.ts only.
    {
      name: 'capsule:boot-status-text',
      transformIndexHtml: (html) => html.replace('%GUARD_CHECKING_AUTH%', GUARD_TEXTS.checkingAuth),
    },
    // Brotli and gzip next to every asset at build time; the server sends the one the browser
    // accepts (@fastify/static preCompressed), so nothing is compressed per request.
    isSsrBuild
      ? null
      : compression({
          algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
          exclude: [/\.map$/],
        }),
  ],
  resolve: {
    // react-router publishes its production build only under a path; Vite's conditions pick
    // the development one.
    alias: [
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          import.meta.resolve('react-router').replace('/development/', '/production/'),
        ),
      },
    ],
    // `source` makes @capsule/domain resolve to its TypeScript sources (see its package.json).
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: API_TARGET },
      '/api': { target: API_TARGET },
    },
  },
  ssr: {
    // One self-contained module: Node then resolves nothing of the app's dependencies itself
    // (some, like dayjs's plugins, are not importable by Node's ESM rules as they are written).
    noExternal: true,
    resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // Which files each chunk needs: the server links the signed-in app's stylesheet and chunks
        // into a page it renders (apps/server/src/first-page/template.ts).
        manifest: true,
        // The logo is an image request (cached as immutable), not a data URL inside the script.
        assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
        rolldownOptions: {
          output: {
            // React changes less often than the app: its own chunk stays cached across releases.
            // Everything else is split by what imports it, so the first visit carries only the
            // sign-in screen's share of Mantine, tRPC and zod; the signed-in pages are
            // split off by React.lazy (src/app/router.tsx).
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 30,
                },
                // Everything else the first page needs, in one chunk: split by sharing, it was
                // eighteen small files and about 5 KB more gzip.
                { name: 'shell', tags: ['$initial'], priority: 20 },
              ],
            },
          },
        },
      },
}));
