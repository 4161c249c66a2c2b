/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress, preloadFonts, prerender, serviceWorker } from './build-plugins';

const backend = process.env.VITE_BACKEND_URL ?? 'http://localhost:3000';
// See src/lib/zod-no-eval.ts: zod with its eval probe switched off, for every module of the bundle (and the prerender).
const alias = [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-no-eval.ts') }];

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Every face the first screens lay out (landing, join and the day pages all use the four).
    preloadFonts([/inter-latin-400-normal/, /inter-latin-600-normal/, /playfair-display-latin-700-normal/, /special-elite-latin-400-normal/]),
    prerender('/src/prerender.tsx', alias), // before the service worker, which caches the prerendered pages
    serviceWorker(path.resolve(import.meta.dirname, 'sw-template.js')),
    precompress(), // last: compresses sw.js and index.html too
  ],
  resolve: { alias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for local debugging but not referenced by the bundles, and the server never serves them.
    sourcemap: 'hidden',
    target: 'es2022',
    // react-dom + the router + the query client make the entry ~400 kB (125 kB gzip); pages are lazy chunks.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The biggest libraries of the entry in chunks of their own, so the boot script (build-plugins.ts) can
          // run them one task each instead of one long task for the whole entry.
          groups: [
            { name: 'react-dom', test: /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:react-dom|scheduler)[\\/]/ },
            { name: 'query', test: /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/media': { target: backend, changeOrigin: true },
      // Host stays the page's own, so the server's same-host Origin check passes in development too.
      '/socket.io': { target: backend, changeOrigin: false, ws: true },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
