import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser client: built into dist/ and served by the Fastify server (server/).
export default defineConfig({
  plugins: [react()],
  root: 'src/app',
  publicDir: false,
  build: { outDir: '../../dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/47': 'http://127.0.0.1:3000',
      '/v3': 'http://127.0.0.1:3000',
      '/v4': 'http://127.0.0.1:3000',
      '/v5': 'http://127.0.0.1:3000',
    },
  },
});
