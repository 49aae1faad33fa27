import { expect, test, type Browser, type Page } from '@playwright/test';
import { advocatePayload, latestMailTo, signInThroughUi } from '../support/accounts';
import {
  freePort,
  preparedDataDir,
  startServer,
  type ServerProcess,
} from '../support/server-process';

const SUPER_KEY = 'fresh-install-key-42ab9';
const owner = {
  email: 'wanjiru@mwamba.test',
  password: 'Str0ngPassw0rd',
  firstName: 'Wanjiru',
  lastName: 'Kamau',
};

// One fresh system, driven in order: a visitor finds booking not open yet, the first advocate
// registers, then uses the account.
test.describe.configure({ mode: 'serial' });

test.describe('a fresh install, from the first advocate onwards', () => {
  let server: ServerProcess | undefined;
  let dataDir: string;

  test.beforeAll(async () => {
    // A fresh install's database, copied from the global setup's (support/server-process.ts): no
    // advocate yet. Its start still outlasted the 30 s a hook gets by default under CI's load, when
    // it ran initdb here, so the hook keeps what startServer allows, and more.
    test.setTimeout(180_000);
    dataDir = preparedDataDir();
    const port = await freePort();
    server = await startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADVOCATE_SUPER_KEY: SUPER_KEY,
    });
  });
  test.afterAll(async () => {
    if (!server) return; // it never started: beforeAll's error says why
    server.child.kill('SIGTERM');
    await server.exited;
  });

  async function openPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL: server!.url });
    return context.newPage();
  }

  // ADR 015: before any advocate, a visitor on a phone who opens the booking form is told why it
  // offers no times, and given the firm's number and the contact form, instead of a calendar
  // whose every day says "No free times".
  test('before anyone registers, booking on a phone says it opens once the diary is set up, with a tel: link and the contact form', async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({
      baseURL: server!.url,
      viewport: { width: 360, height: 780 },
    });
    const page = await context.newPage();
    const calendar = await page.request.get('/api/appointments/calendar?month=2030-01');
    expect(await calendar.json()).toMatchObject({ bookingOpen: false });

    await page.goto('/appointments?book=consultation');
    const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
    await expect(dialog.getByText('Online booking is not open yet')).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText(
      "Online booking opens once the firm's diary is set up. Call us on +254 20 765 4321 or write to us.",
    );
    await expect(dialog.getByRole('link', { name: '+254 20 765 4321' })).toHaveAttribute(
      'href',
      'tel:+254207654321',
    );
    // No calendar whose days all lead nowhere.
    await expect(dialog.getByRole('button', { name: 'Next month' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('booking-fresh-install-360.png') });

    await dialog.getByRole('link', { name: 'write to us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await context.close();
  });

  test('registers the first advocate through the UI, who is held at the setup of a second factor, and signs out', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const page = await openPage(browser);
    await page.goto('/register');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Advocate Registration' }),
    ).toBeVisible();

    await page.getByLabel('Super key', { exact: true }).fill('a-wrong-key-123');
    await page.getByRole('button', { name: 'Verify super key' }).click();
    // No advocate yet: the owner is told where the key is set, not to contact anyone.
    await expect(
      page
        .getByText(
          "Invalid super key. No advocate has registered yet, so you are setting up the portal as its owner. The key is the ADVOCATE_SUPER_KEY setting in the server's configuration. Copy it from there and try again.",
        )
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('form', { name: 'Advocate details' })).toHaveCount(0);

    await page.getByLabel('Super key', { exact: true }).fill(SUPER_KEY);
    await page.getByRole('button', { name: 'Verify super key' }).click();
    await expect(
      page.getByText('Super key verified! You can now complete advocate registration.'),
    ).toBeVisible();

    const form = page.getByRole('form', { name: 'Advocate details' });
    await form.getByLabel('First name').fill(owner.firstName);
    await form.getByLabel('Last name').fill(owner.lastName);
    await form.getByLabel('Email address').fill(owner.email);
    await form.getByLabel('Phone number').fill('0712 345 678');
    await form.getByLabel('License number').fill('LSK/2011/0457');
    await form.getByLabel('Years of experience').fill('14');
    await form.getByLabel('Education').fill('LLB, University of Nairobi');
    await form.getByLabel('Bar admission').fill('Admitted to the Roll of Advocates, 2011');
    await form.getByLabel('Family Law').check();
    await form.getByLabel('Property Law').check();
    await form.getByLabel('Password', { exact: true }).fill(owner.password);
    await form.getByLabel('Confirm password').fill(owner.password);
    await form.getByLabel(/I accept the/).check();
    await form.getByRole('button', { name: 'Create advocate account' }).click();

    // A fresh install gives staff no grace (ADR 037): the registration session itself opens only
    // the setup of a second factor, not the dashboard or the staff pages.
    await expect(page).toHaveURL(/\/two-factor-setup$/);
    await expect(page.getByText('Registration successful!')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Set up two-factor sign-in to continue');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Wanjiru' })).toHaveCount(0);

    await page.reload();
    await expect(page).toHaveURL(/\/two-factor-setup$/);
    for (const path of ['/dashboard', '/admin-management', '/login']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/two-factor-setup$/);
    }

    await page.getByRole('button', { name: /Account menu for Wanjiru Kamau/ }).click();
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });

  test('a later advocate is told to wait for verification and cannot sign in', async ({
    browser,
    request,
  }) => {
    const later = { ...owner, email: 'otieno@mwamba.test', firstName: 'Otieno' };
    const response = await request.post(`${server!.url}/api/auth/register`, {
      data: advocatePayload(later, SUPER_KEY),
    });
    expect(response.status()).toBe(202);
    expect(await response.json()).not.toHaveProperty('token');

    const page = await openPage(browser);
    await page.goto('/login');
    await signInThroughUi(page, later);
    await expect(
      page.getByText(
        'This advocate account is awaiting verification by an existing advocate. You can sign in once it is verified.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.context().close();
  });

  test('signs in, refusing a wrong password first, and is asked to set up two-factor sign-in', async ({
    browser,
  }) => {
    const page = await openPage(browser);
    await page.goto('/login');
    await signInThroughUi(page, { email: owner.email, password: 'Wrong-passw0rd' });
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    // A fresh install gives staff no grace (ADR 037): the first sign-in asks for a second factor.
    await expect(page).toHaveURL(/\/two-factor-setup$/);
    await expect(page.getByRole('alert')).toContainText('Set up two-factor sign-in to continue');
    await page.context().close();
  });

  test('resets a forgotten password through the emailed link', async ({ browser }) => {
    const page = await openPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email address').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(
      'If an account exists for that email, we have sent a link to reset the password.',
    );

    let mail: string | null = null;
    await expect.poll(() => (mail = latestMailTo(dataDir, owner.email))).not.toBeNull();
    const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password#token=[A-Za-z0-9_-]+)/.exec(mail!);
    expect(link).not.toBeNull();

    await page.goto(link![1]!);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    // The token leaves the address bar once read.
    await expect(page).toHaveURL(/\/reset-password$/);
    const newPassword = 'Reset-Passw0rd-1';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been reset.')).toBeVisible();

    await signInThroughUi(page, { email: owner.email, password: owner.password });
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/two-factor-setup$/);

    // The link works once.
    await page.goto(link![1]!);
    await expect(page).toHaveURL(/\/reset-password/);
    await page.getByLabel('New password', { exact: true }).fill('Another-Passw0rd');
    await page.getByLabel('Confirm new password').fill('Another-Passw0rd');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(
      page.getByText(
        'This password reset link is invalid or has expired. Please request a new one.',
      ),
    ).toBeVisible();
    await page.context().close();
  });
});
