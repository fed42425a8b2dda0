import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // The web app, and the small script of the pages delivered as static HTML (src/site/main.ts); the
    // manifest tells the prerender step (scripts/prerender.mjs) which files each one is.
    manifest: true,
    rollupOptions: { input: { app: 'index.html', site: 'src/site/main.ts' } },
  },
});
