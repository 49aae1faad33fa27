import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Which Chromium the tests drive: CHROMIUM_PATH when set, else Playwright's own when installed,
 * else the system's (/usr/bin/chromium). Playwright cannot download a browser on these machines.
 * Returns undefined to let Playwright use its own.
 */
export function chromiumExecutablePath(): string | undefined {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`CHROMIUM_PATH=${explicit} does not exist.`);
    return explicit;
  }
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // Playwright's browser is not installed; fall through to the system's.
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one with `apt-get install -y chromium` ' +
      '(Debian), or `npx playwright install chromium` where downloads work, or set CHROMIUM_PATH.',
  );
}

/** Flags for a headless Chromium on a closed network (no background calls home). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
