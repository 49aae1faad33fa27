import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_SUPER_KEY } from '../support/accounts';
import { REPO_ROOT } from '../support/server-process';

test.describe('the advocate super key', () => {
  test('is nowhere in the web app the browser downloads', async () => {
    // The shared server was started from this build with ADVOCATE_SUPER_KEY = E2E_SUPER_KEY.
    const dist = path.join(REPO_ROOT, 'apps/web/dist');
    const files = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(js|html|css|json|txt|xml)$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      expect(readFileSync(file, 'utf8'), file).not.toContain(E2E_SUPER_KEY);
    }
  });
});
