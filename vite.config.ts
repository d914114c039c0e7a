import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * One build for every browser page the service serves: the admin console and the hosted
 * end-user pages. The output is static files that the service itself serves (src/web/).
 */
export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [react()],
  publicDir: false,
  resolve: { alias: { '@shared': here('web-shared') } },
  build: {
    outDir: here('dist/pages'),
    emptyOutDir: true,
    assetsDir: 'assets',
    // No inline script: the pages are served with `script-src 'self'`.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        console: here('console/index.html'),
        hosted: here('hosted/index.html'),
        account: here('account/index.html'),
      },
    },
  },
  server: {
    // `npm run dev:web` proxies the API and OIDC to a service started with `npm start`.
    proxy: {
      '/api': 'http://127.0.0.1:3001',
      '/oidc': 'http://127.0.0.1:3001',
      '/sign-in': 'http://127.0.0.1:3001',
    },
  },
});
