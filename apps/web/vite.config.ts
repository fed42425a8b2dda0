import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { chunkGroups, noChunkCycles } from './scripts/chunk-plan.ts';
import { prerenderPages } from './scripts/prerender-pages.ts';

/**
 * Precompressed at build (docs/decisions/018-web-speed.md): beside every text file of at least 1 KiB, a
 * brotli copy (quality 11) and a gzip copy (level 9), each kept only when smaller than the file; the server
 * sends them by content negotiation. Source maps are not compressed: they are never sent to browsers.
 */
const precompress = compression({
  include: /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/,
  threshold: 1024,
  skipIfLargerOrEqual: true,
  algorithms: [
    defineAlgorithm('brotliCompress', {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
});

// `npm run build`: first the SSR build of src/prerender.tsx (dist-ssr), then the client build, which
// prerenders the public pages with it and compresses what it writes, prerendered pages included.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    ...(isSsrBuild
      ? []
      : [
          prerenderPages({
            ssrDir: fileURLToPath(new URL('dist-ssr', import.meta.url)),
            srcDir: fileURLToPath(new URL('src', import.meta.url)),
          }),
          precompress,
          noChunkCycles(),
        ]),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  build: {
    // Written for error tracking, never linked from the scripts; the server does not serve them in production.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The web app, and the small script of the pages delivered as static HTML (src/site/main.ts); the
      // prerender step finds each one's files in the bundle by these names.
      input: { app: 'index.html', site: 'src/site/main.ts' },
      // Fewer, fuller chunks where no page loads code it does not use (scripts/chunk-plan.ts).
      output: isSsrBuild
        ? {}
        : { codeSplitting: { groups: chunkGroups(fileURLToPath(new URL('src', import.meta.url))) } },
    },
  },
}));
