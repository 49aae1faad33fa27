import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { FILES_THAT_REPLACE_MODULES, webTestSettings } from './vitest.config';

// The web tests that replace a module, each file in a fresh module registry (see vitest.config.ts).
export default defineProject({
  plugins: [react()],
  test: {
    ...webTestSettings,
    name: 'web-isolated',
    include: FILES_THAT_REPLACE_MODULES,
    isolate: true,
  },
});
