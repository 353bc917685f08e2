import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { i18nSplit } from './scripts/i18nSplit.js';
import { precompress } from './scripts/precompress.js';

// In development (`npm run dev`) the dashboard is served by Vite and talks to a running
// signing proxy (PROXY_URL, default http://127.0.0.1:8787). In production the proxy serves dist/.
const proxyTarget = process.env.PROXY_URL ?? 'http://127.0.0.1:8787';

export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss(), i18nSplit(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // The libraries every screen needs in one long-cached chunk (one gzip stream compresses better than
        // several small shared chunks); screens other than trading load lazily (app/App.tsx).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|zod|@tanstack|zustand|big\.js)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: proxyTarget, changeOrigin: false },
      '/ws': { target: proxyTarget, ws: true, changeOrigin: false },
    },
  },
});
