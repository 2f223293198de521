import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const API = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
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
