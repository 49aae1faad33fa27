import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * The test files that replace a module (`vi.mock`, `vi.doMock`, `vi.resetModules`): they run in
 * the `web-isolated` project (vitest.isolated.config.ts), each in a fresh module registry, since a
 * replaced module would otherwise reach the files that run after them in the same worker.
 */
export const FILES_THAT_REPLACE_MODULES = [
  'src/features/auth/components/two-factor-step.passkey.test.tsx',
  'src/features/cases/components/upload-documents.test.tsx',
  'src/features/messages/components/new-conversation-modal.test.tsx',
  'src/features/profile/components/passkeys-panel.test.tsx',
  'src/features/public-site/components/contact-form.test.tsx',
  'src/features/public-site/components/office-map.test.tsx',
  'src/lib/toasts.test.tsx',
];

export const webTestSettings: { environment: 'jsdom'; setupFiles: string[]; maxWorkers: number } = {
  environment: 'jsdom',
  setupFiles: ['vitest.setup.ts'],
  // Two cores on the machines that run CI (a project does not inherit the root's maxWorkers).
  maxWorkers: 2,
};

export default defineProject({
  plugins: [react()],
  test: {
    ...webTestSettings,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: FILES_THAT_REPLACE_MODULES,
    // The files share their worker's jsdom and modules instead of building both again for each of
    // some ninety files (74 s of a 171 s run went on jsdom alone). What a test leaves behind is
    // cleared after each one in vitest.setup.ts (the DOM, the request handlers, localStorage, the
    // toasts); a file that must replace a module runs isolated instead (FILES_THAT_REPLACE_MODULES).
    isolate: false,
  },
});
