import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The API server (apps/server) listens on 3000 in development. The proxy keeps the browser's
// Host header (no changeOrigin), so the server's same-origin check on writes still passes.
const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip next to every asset at build time; the server sends the one the browser
    // accepts (@fastify/static preCompressed), so nothing is compressed per request.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      exclude: [/\.map$/],
    }),
  ],
  resolve: {
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across
        // releases. The signed-in pages are split off by React.lazy (src/app/router.tsx).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-transition-group|react-number-format|react-textarea-autosize|use-sidecar|use-callback-ref|tslib)/,
              priority: 20,
              entriesAware: true,
            },
            { name: 'data', test: /node_modules[\\/](@tanstack|@trpc|zod|dayjs)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
