/** The advocate registration key of the shared test server (playwright.config.ts). */
export const E2E_SUPER_KEY = 'e2e-super-key-7f3a9c1d5b';
