import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { linguiCatalogs, linguiMacros } from './build/lingui.ts';

// Component and hook tests in happy-dom; a file that talks to the real API over HTTP opts into
// the node environment with `// @vitest-environment node`.
export default defineProject({
  plugins: [linguiMacros(), react(), linguiCatalogs()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    // The live API's databases start from the run's migrated template (server/test/global-setup.ts).
    globalSetup: ['../server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
