import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { advocatePayload, signInThroughUi } from '../support/accounts';
import { freshDataDir, startServer } from '../support/server-process';
import { openDataDir } from '../support/database';

const SUPER_KEY = 'forced-change-key-77c1';
const account = {
  email: 'temporary@mwamba.test',
  password: 'Tempor4ry-Pass',
  firstName: 'Achieng',
  lastName: 'Odhiambo',
};

test('a user with a temporary password is held on Change Password until they choose one', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const dataDir = freshDataDir();
  const env = { DATA_DIR: dataDir, ADVOCATE_SUPER_KEY: SUPER_KEY };

  // Until user management exists, the flag is set in the database while the server is stopped,
  // as an advocate's password reset will set it.
  const first = await startServer(env);
  const registered = await fetch(`${first.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(advocatePayload(account, SUPER_KEY)),
  });
  expect(registered.status).toBe(201);
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  const db = await openDataDir(dataDir);
  await db.query('update users set must_change_password = true where email = $1', [account.email]);
  await db.close();

  const server = await startServer(env);
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughUi(page, account);

    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
    await expect(page.getByText('You signed in with a temporary password.')).toBeVisible();

    // Every other portal page leads back here.
    await page.goto('/cases');
    await expect(page).toHaveURL(/\/change-password$/);
    await page.reload();
    await expect(page).toHaveURL(/\/change-password$/);

    const newPassword = 'My-0wn-Password';
    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed successfully')).toBeVisible();
    // Then the advocate's second gate (ADR 037, no grace by default): a second factor.
    await expect(page).toHaveURL(/\/two-factor-setup$/);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await page.locator('code').first().innerText()).replace(/\s+/g, '');
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('button', { name: 'Continue to the portal' }).click();
    await expect(page).toHaveURL(/\/cases$/);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Achieng' })).toBeVisible();
    await context.close();
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});
