import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { advocatePayload, turnOnAuthenticator, type Account } from '../support/accounts';
import { fitsWidth, overflowingElements, seriousViolations } from '../support/page-checks';
import { preparedDataDir, startServer } from '../support/server-process';
import { useSessionToken } from '../support/user-management';

/**
 * System Settings → Backups (ADR 039), on a server of its own with a backup passphrase: the card
 * before any backup, Back up now writing a real encrypted archive to DATA_DIR/backups, and the
 * card after it, at 360 and 1366 pixels.
 */

const SUPER_KEY = 'backups-e2e-key-8c41';
const OWNER: Account = {
  email: 'achieng.owner@mwamba.test',
  password: 'Owner-Passw0rd-7',
  firstName: 'Achieng',
  lastName: 'Mwamba',
};

test('an advocate backs the firm up from System Settings, at 360 and 1366 pixels', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const dataDir = preparedDataDir();
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      ADVOCATE_SUPER_KEY: SUPER_KEY,
      BACKUP_PASSPHRASE: 'e2e backup passphrase 2026',
    },
    { timeoutMs: 90_000 },
  );
  try {
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(advocatePayload(OWNER, SUPER_KEY)),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    await turnOnAuthenticator(server.url, token);

    for (const [index, view] of [
      { width: 360, height: 740 },
      { width: 1366, height: 768 },
    ].entries()) {
      const context = await browser.newContext({ baseURL: server.url, viewport: view });
      const page = await context.newPage();
      await useSessionToken(page, token);
      await page.goto('/system-settings');
      await page.getByRole('tab', { name: 'Backups' }).click();
      await expect(page).toHaveURL(/tab=backups/);
      await expect(page.getByText('Where archives are kept')).toBeVisible();
      await expect(page.getByText(path.join(dataDir, 'backups'))).toBeVisible();
      await expect(page.getByText(/Copy them off this machine/)).toBeVisible();
      await expect(page.getByText('Next nightly backup')).toBeVisible();
      if (index === 0) await expect(page.getByText('No backup has been made yet.')).toBeVisible();
      expect(await fitsWidth(page), `${view.width} px scrolls sideways`).toBe(true);
      expect(await overflowingElements(page), `${view.width} px`).toEqual([]);
      expect(await seriousViolations(page), `${view.width} px`).toEqual([]);
      await page.screenshot({
        path: testInfo.outputPath(`backups-${view.width}-before.png`),
        fullPage: true,
      });

      await page.getByRole('button', { name: 'Back up now' }).click();
      const recent = page.getByRole('list', { name: 'Recent backups' });
      await expect(recent.getByRole('listitem')).toHaveCount(index + 1, { timeout: 30_000 });
      await expect(recent.getByRole('listitem').first()).toContainText('Succeeded', {
        timeout: 60_000,
      });
      await expect(recent.getByRole('listitem').first()).toContainText('Achieng Mwamba');
      await expect(page.getByText('Last backup').locator('..')).toContainText(
        /today at \d\d:\d\d, /,
      );
      expect(await fitsWidth(page), `${view.width} px after`).toBe(true);
      expect(await seriousViolations(page), `${view.width} px after`).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: testInfo.outputPath(`backups-${view.width}-after.png`),
        fullPage: true,
      });
      await context.close();
    }
    // One archive: the second of the day replaced the first (the newest of each day is kept).
    const archives = readdirSync(path.join(dataDir, 'backups'));
    expect(archives).toHaveLength(1);
    expect(archives[0]).toMatch(/^firm-backup-.+\.backup$/);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});
