import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { codeSplitting, oneCopyOfEachModule } from './build/chunks';
import { linguiCatalogs, linguiMacros } from './build/lingui.ts';
import { ARRIVAL_PAGES, routePreloads } from './build/route-preloads';
import { paths } from './src/config/paths';

// The dev server (and `vite preview`) proxy /api to the API; API_PROXY_TARGET points elsewhere.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  // lingui(): `import('…/<catalog>.po')` compiles a catalog into its own chunk.
  plugins: [linguiMacros(), react(), linguiCatalogs(), tailwindcss(), routePreloads(), oneCopyOfEachModule()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': apiTarget } },
  build: {
    rolldownOptions: {
      output: {
        // Few files for the first paint of the pages people arrive on from outside (build/chunks.ts).
        codeSplitting: codeSplitting(root, [
          ARRIVAL_PAGES[paths.home.path] as string,
          ARRIVAL_PAGES[paths.login.path] as string,
        ]),
      },
    },
  },
});
