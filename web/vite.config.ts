import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const API = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest tells the server renderer which chunks each page needs: the app's preloaded, the page's listed (ADR 154).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // The app (app/start.tsx, which the boot script runs after the first paint, ADR 154) with everything it
        // imports, in one chunk as when it was the entry: the page chunks import what they share with it from there,
        // not from a dozen small chunks (each gzipped alone: ~4 KB more per page).
        // Vite's preload helper apart: the boot script uses it too, and must not import the app to get it.
        codeSplitting: {
          groups: [
            { name: 'preload-helper', test: /vite\/preload-helper/, priority: 1 },
            { name: 'start', test: /\/src\/app\/start\.tsx$/ },
          ],
        },
      },
    },
  },
  // The server renderer (entry-server.tsx, built with --ssr) bundles the workspace's TypeScript sources.
  ssr: { noExternal: ['@parts/shared'] },
  server: {
    proxy: {
      '/api': {
        target: API,
        // The API refuses state-changing calls whose Origin is not its own (docs/security.md): a page of this
        // dev server is the site, so its Origin is passed on as the API's; any other origin stays as it was.
        configure: (proxy) => {
          proxy.on('proxyReq', (proxyReq, req) => {
            const origin = req.headers.origin;
            const own = [`http://localhost:${req.socket.localPort}`, `http://127.0.0.1:${req.socket.localPort}`];
            if (origin && own.includes(origin)) proxyReq.setHeader('origin', API);
          });
        },
      },
    },
  },
});
