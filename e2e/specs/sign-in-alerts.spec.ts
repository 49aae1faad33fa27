import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { type Browser } from '@playwright/test';
import { latestMailTo, signInThroughUi } from '../support/accounts';
import { journeyStep } from '../support/journey';
import { createReadyUser, uniqueSuffix } from '../support/user-management';
import { expectToast, newContext } from '../support/toasts';

const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

// Where each device signs in from (X-Forwarded-For; the shared server trusts it, as behind the
// firm's proxy): the person's home fibre, a stranger on mobile data, the person's phone.
const LAPTOP_ADDRESS = '197.248.10.21';
const INTRUDER_ADDRESS = '41.90.64.17';
const PHONE_ADDRESS = '105.160.3.9';

const ALERT_SUBJECT = 'New sign-in to your Mwamba & Associates account';
const NEW_PASSWORD = 'Secured-Passw0rd-2026';

/** How many sign-in alerts reached `to` (DATA_DIR/mail, a server without SMTP). */
function alertsTo(dataDir: string, to: string): number {
  const dir = path.join(dataDir, 'mail');
  let count = 0;
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.eml'))) {
    const raw = readFileSync(path.join(dir, name), 'utf8').replace(/\r?\n[ \t]+/g, ' ');
    if (raw.includes(to) && raw.includes(`Subject: ${ALERT_SUBJECT}`)) count += 1;
  }
  return count;
}

async function contextFor(
  browser: Browser,
  device: { userAgent: string; address: string },
  width: number,
  height: number,
) {
  const context = await newContext(browser, {
    userAgent: device.userAgent,
    viewport: { width, height },
    extraHTTPHeaders: { 'X-Forwarded-For': device.address },
  });
  return { context, page: await context.newPage() };
}

test('a sign-in from a new device is emailed; "Not you?" signs every session out and sets a new password', async ({
  ownerSession,
  browser,
  playwright,
}, testInfo) => {
  // Three browsers, three sign-ins, an email and a password reset.
  test.setTimeout(120_000);
  const dataDir = process.env.E2E_DATA_DIR!;
  // The account's first sign-in (creating it through the API) is made as the desktop browser,
  // so that browser is the account's known device.
  const desktopApi = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL!,
    userAgent: DESKTOP_CHROME,
    extraHTTPHeaders: { 'X-Forwarded-For': LAPTOP_ADDRESS },
  });
  const suffix = uniqueSuffix();
  const client = await createReadyUser(
    desktopApi,
    ownerSession,
    suffix,
    'client',
    {},
    {
      firstName: 'Akinyi',
      lastName: 'Ochieng-Wafula',
      email: `akinyi.ochieng.${suffix}@mwamba-e2e.test`,
    },
  );
  await desktopApi.dispose();

  // The person's own laptop: the browser they always use. No alert.
  const laptop = await contextFor(
    browser,
    { userAgent: DESKTOP_CHROME, address: LAPTOP_ADDRESS },
    1280,
    800,
  );
  await laptop.page.goto('/login');
  await signInThroughUi(laptop.page, client);
  await expect(laptop.page).toHaveURL(/\/dashboard$/);
  await laptop.page.screenshot({ path: testInfo.outputPath('step-01-laptop-signed-in.png') });

  // Someone else, on an Android phone, with the password.
  const intruder = await contextFor(
    browser,
    { userAgent: ANDROID_CHROME, address: INTRUDER_ADDRESS },
    360,
    780,
  );
  await intruder.page.goto('/login');
  await signInThroughUi(intruder.page, client);
  await expect(intruder.page).toHaveURL(/\/dashboard$/);
  await intruder.page.screenshot({ path: testInfo.outputPath('step-02-android-signed-in.png') });

  // The alert: when, which device, which address, and the link.
  let mail: string | null = null;
  await expect
    .poll(
      () => {
        mail = latestMailTo(dataDir, client.email);
        return mail?.includes(ALERT_SUBJECT) ?? false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const text = mail!;
  expect(text).toContain('Hello Akinyi,');
  expect(text).toMatch(/When: \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(Nairobi time\)/);
  expect(text).toContain('Device: Chrome on Android');
  expect(text).toContain(`Network address: ${INTRUDER_ADDRESS}`);
  expect(text).toContain('If this was you, you need do nothing.');
  expect(text).toContain('Not you? Secure your account:');
  const link = /(http:\/\/\S+\/secure-account#token=[A-Za-z0-9_-]+)/.exec(text)![1]!;
  // Only the new device alerted: the laptop's sign-in did not.
  expect(alertsTo(dataDir, client.email)).toBe(1);

  // The owner opens the link on their phone: nothing happens until they press the button.
  const owner = await contextFor(
    browser,
    { userAgent: IPHONE_SAFARI, address: PHONE_ADDRESS },
    360,
    780,
  );
  const page = owner.page;
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Secure your account' })).toBeVisible();
  await expect(page.getByText(/We will sign you out on every device/)).toBeVisible();
  const secure = page.getByRole('button', { name: 'Secure my account' });
  await journeyStep(page, testInfo, 3, 'secure-account-page', secure);
  // Opening the page acted on nothing: the intruder is still signed in.
  await intruder.page.goto('/profile');
  await expect(intruder.page).toHaveURL(/\/profile$/);

  await secure.click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expectToast(page, /signed out on every device/);
  const newPassword = page.getByLabel(/^New password/);
  await journeyStep(page, testInfo, 4, 'choose-new-password', newPassword);

  // Every session ended: the laptop's and the intruder's next page is the sign-in page.
  for (const [step, signedOut] of [
    [5, laptop],
    [6, intruder],
  ] as const) {
    await signedOut.page.goto('/profile');
    await expect(signedOut.page).toHaveURL(/\/login/);
    await signedOut.page.screenshot({
      path: testInfo.outputPath(`step-0${step}-signed-out.png`),
    });
  }

  // A new password, then signing in with it.
  await newPassword.fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughUi(page, { email: client.email, password: client.password });
  await expectToast(page, 'Invalid email or password');
  await signInThroughUi(page, { email: client.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/dashboard$/);

  // Profile lists every device that signed in, this one marked.
  await page.goto('/profile#sign-in-devices');
  const section = page.getByRole('region', { name: 'Devices that signed in' });
  const list = section.getByRole('list', { name: 'Devices that signed in to your account' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const thisPhone = list.getByRole('listitem').filter({ hasText: 'Safari on iPhone' });
  await expect(thisPhone.getByText('This device')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'Chrome on Android' })).toContainText(
    `Network address ${INTRUDER_ADDRESS}`,
  );
  await expect(list.getByRole('listitem').filter({ hasText: 'Chrome on Windows' })).toBeVisible();
  await expect(thisPhone).toContainText(/Last signed in \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  await thisPhone.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 7, 'profile-devices', thisPhone);

  // The spent link, opened again: refused, with the ways on.
  await page.goto(link);
  await page.getByRole('button', { name: 'Secure my account' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This link has expired or was already used. Sign in, or use Forgot password.',
  );
  await expect(page.getByRole('link', { name: 'Forgot password' })).toBeVisible();
  await journeyStep(
    page,
    testInfo,
    8,
    'link-spent',
    page.getByRole('link', { name: 'Forgot password' }),
  );

  for (const each of [laptop, intruder, owner]) await each.context.close();
});
