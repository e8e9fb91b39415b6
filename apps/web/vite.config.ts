import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiCatalogs, linguiMacros } from './build/lingui.ts';
import { routePreloads } from './build/route-preloads';

// The dev server (and `vite preview`) proxy /api to the API; API_PROXY_TARGET points elsewhere.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // lingui(): `import('…/<catalog>.po')` compiles a catalog into its own chunk.
  plugins: [linguiMacros(), react(), linguiCatalogs(), tailwindcss(), routePreloads()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': apiTarget } },
});
