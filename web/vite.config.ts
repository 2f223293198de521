import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest tells the server renderer which chunk each page is, to preload it with the HTML.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
  // The server renderer (entry-server.tsx, built with --ssr) bundles the workspace's TypeScript sources.
  ssr: { noExternal: ['@parts/shared'] },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
