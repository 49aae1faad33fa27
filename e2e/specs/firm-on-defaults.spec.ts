import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { OWNER, advocatePayload, latestMailTo, signInThroughUi } from '../support/accounts';
import { journeyStep } from '../support/journey';
import { seriousViolations } from '../support/page-checks';
import {
  freePort,
  preparedDataDir,
  startServer,
  type ServerProcess,
} from '../support/server-process';
import { useSessionToken } from '../support/user-management';

/**
 * A firm on the defaults, on a server of its own: the shared one takes its registration key from
 * ADVOCATE_SUPER_KEY and gives staff a week before two-factor sign-in (support/global-setup.ts);
 * this one generates its key into DATA_DIR and gives no grace (ADR 037). One server for the three
 * walks, in order: the first advocate's second factor, turned on here, lets them add a colleague
 * and replace the key.
 */
test.describe.configure({ mode: 'serial' });

const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  return { context, page: await context.newPage() };
}

test.describe('a firm on the defaults: a generated registration key, no grace', () => {
  let server: ServerProcess | undefined;
  let dataDir: string;
  let generatedKey: string;
  /** The first advocate's session once their second factor is on (the first test). */
  let advocateToken: string | null = null;
  const advocate = {
    ...OWNER,
    email: 'wanjiku-nyambura.odhiambo-kamau@mwamba-advocates.co.ke',
    firstName: 'Wanjiku-Nyambura',
    lastName: 'Odhiambo-Kamau',
  };

  test.beforeAll(async () => {
    // A fresh install's database (a copy, without its keys: this start generates the super key).
    test.setTimeout(180_000);
    dataDir = preparedDataDir();
    const port = await freePort();
    server = await startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    generatedKey = readFileSync(path.join(dataDir, 'advocate-super-key'), 'utf8').trim();
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(advocatePayload(advocate, generatedKey)),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
  });
  test.afterAll(async () => {
    if (!server) return; // it never started: beforeAll's error says why
    server.child.kill('SIGTERM');
    await server.exited;
  });

  test('an advocate signing in is taken to set up two-factor sign-in, and reaches the portal once it is on', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { context, page } = await phone(browser);
    await page.goto(`${server!.url}/login`);
    await signInThroughUi(page, advocate);
    // Straight to the setup, told why; the rest of the portal waits.
    await expect(page).toHaveURL(/\/two-factor-setup$/);
    await expect(page.getByRole('alert')).toContainText('the firm requires it');
    const setUp = page.getByRole('button', { name: 'Set up two-factor sign-in' });
    await journeyStep(page, testInfo, 11, 'required-setup', setUp);
    await page.goto(`${server!.url}/cases`);
    await expect(page).toHaveURL(/\/two-factor-setup$/);

    await setUp.click();
    const secret = (await page.locator('code').first().innerText()).replace(/\s+/g, '');
    await page.getByLabel('Authentication code').fill(codeFor(secret));
    const turnOn = page.getByRole('button', { name: 'Turn on' });
    await journeyStep(page, testInfo, 12, 'required-code', turnOn);
    await turnOn.click();
    const saved = page.getByRole('button', { name: 'I have saved them' });
    await journeyStep(page, testInfo, 13, 'required-codes', saved);
    await saved.click();
    const goOn = page.getByRole('button', { name: 'Continue to the portal' });
    await goOn.scrollIntoViewIfNeeded();
    await journeyStep(page, testInfo, 14, 'required-done', goOn);
    await goOn.click();
    // Back where they were going, the portal open.
    await expect(page).toHaveURL(/\/cases$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await journeyStep(page, testInfo, 15, 'required-portal');

    // The advocate invites an admin. The admin's first session, begun by choosing a password
    // from the welcome link, opens the setup of a second factor too, never the dashboard.
    advocateToken = await page.evaluate(() => localStorage.getItem('token'));
    const adminEmail = 'achieng-atieno.wafula@mwamba-advocates.co.ke';
    const created = await fetch(`${server!.url}/api/user-management/create-admin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${advocateToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Achieng-Atieno',
        lastName: 'Wafula',
        email: adminEmail,
        permissions: { canOpenFiles: true },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    await context.close();
    let mail: string | null = null;
    await expect.poll(() => (mail = latestMailTo(dataDir, adminEmail))).not.toBeNull();
    const link = /\/welcome#token=[\w-]+/.exec(mail!);
    expect(link).not.toBeNull();
    const laptop = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const adminPage = await laptop.newPage();
    await adminPage.goto(`${server!.url}${link![0]}`);
    await adminPage.getByLabel('New password', { exact: true }).fill('Chosen-Passw0rd-1');
    await adminPage.getByLabel('Confirm new password').fill('Chosen-Passw0rd-1');
    await adminPage.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(adminPage).toHaveURL(/\/two-factor-setup$/);
    await expect(adminPage.getByRole('alert')).toContainText('the firm requires it');
    await journeyStep(
      adminPage,
      testInfo,
      16,
      'invited-admin-setup',
      adminPage.getByRole('button', { name: 'Set up two-factor sign-in' }),
    );
    await adminPage.goto(`${server!.url}/cases`);
    await expect(adminPage).toHaveURL(/\/two-factor-setup$/);
    await laptop.close();
  });

  test('a user with a temporary password is held on Change Password until they choose one', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    // An advocate the first one adds: their password is a temporary one until they choose theirs.
    const account = { email: 'temporary@mwamba.test', firstName: 'Achieng', lastName: 'Odhiambo' };
    const created = await fetch(`${server!.url}/api/user-management/create-advocate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${advocateToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(advocatePayload({ ...account, password: 'unused' })),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { temporaryPassword } = (await created.json()) as { temporaryPassword: string };

    const context = await browser.newContext({ baseURL: server!.url });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughUi(page, { email: account.email, password: temporaryPassword });

    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
    await expect(page.getByText('You signed in with a temporary password.')).toBeVisible();

    // Every other portal page leads back here.
    await page.goto('/cases');
    await expect(page).toHaveURL(/\/change-password$/);
    await page.reload();
    await expect(page).toHaveURL(/\/change-password$/);

    const newPassword = 'My-0wn-Password';
    await page.getByLabel('Current password').fill(temporaryPassword);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed successfully')).toBeVisible();
    // Then the advocate's second gate (no grace): a second factor.
    await expect(page).toHaveURL(/\/two-factor-setup$/);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await page.locator('code').first().innerText()).replace(/\s+/g, '');
    await page.getByLabel('Authentication code').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('button', { name: 'Continue to the portal' }).click();
    await expect(page).toHaveURL(/\/cases$/);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Achieng' })).toBeVisible();
    await context.close();
  });

  test('an advocate replaces the generated registration key: the old stops working', async ({
    page,
  }) => {
    await useSessionToken(page, advocateToken!);
    await page.goto(`${server!.url}/system-settings?tab=registration-key`);
    await expect(page.getByText(/The key was generated by the server/)).toBeVisible();
    await page.getByRole('button', { name: 'Replace the key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace the registration key?' });
    await confirm.getByRole('button', { name: 'Replace key' }).click();
    const shown = page.getByRole('dialog', { name: 'New registration key' });
    const newKey = (await shown.getByLabel('New registration key').textContent())!.trim();
    expect(newKey).not.toBe(generatedKey);
    expect(newKey.length).toBeGreaterThanOrEqual(24);
    expect(await seriousViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    const verify = (superKey: string) =>
      fetch(`${server!.url}/api/auth/verify-super-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ superKey }),
      });
    expect((await verify(generatedKey)).status).toBe(401);
    expect((await verify(newKey)).status).toBe(200);
  });
});
