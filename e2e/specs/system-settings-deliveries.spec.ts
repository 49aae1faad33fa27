import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { advocatePayload, turnOnAuthenticator, type Account } from '../support/accounts';
import { openDataDir } from '../support/database';
import { fitsWidth, overflowingElements, seriousViolations } from '../support/page-checks';
import { preparedDataDir, startServer } from '../support/server-process';
import { useSessionToken } from '../support/user-management';
import { expectToast, newContext } from '../support/toasts';

/**
 * System Settings → Deliveries, on a server of its own: the messages to show (an SMS the network
 * refused, a long address, a one-time link that failed) are written into its database while it
 * is stopped, as no call of the API makes a message fail. The server has no Africa's Talking
 * settings, so a retried SMS goes to its DATA_DIR/sms folder.
 */

const SUPER_KEY = 'deliveries-e2e-key-5d21';
const OWNER: Account = {
  email: 'achieng.owner@mwamba.test',
  password: 'Owner-Passw0rd-7',
  firstName: 'Achieng',
  lastName: 'Mwamba',
};
const LONG_ADDRESS =
  'wanjiru.nyambura-kamau.achieng-odhiambo@mwamba-and-associates-advocates.co.ke';
const LONG_MASKED = 'wa•••@mwamba-and-associates-advocates.co.ke';

/** The outbox's rows as its worker leaves them (columns of migration 0020). */
const SEED = `
  insert into deliveries
    (channel, kind, recipient, subject, body, is_confidential, status, attempts, last_error,
     provider_message_id, provider_status, created_at, updated_at, sent_at, failed_at, next_attempt_at)
  values
    ('sms', 'appointment_reminder', '+254712982369', null,
     'Mwamba & Associates: your meeting is tomorrow at 10:00, 4th Floor, Nairobi.', false, 'failed', 1,
     'UserInBlacklist', 'ATXid_000417', 'Failed',
     now() - interval '3 hours', now() - interval '3 hours', null, now() - interval '3 hours', now() - interval '3 hours'),
    ('sms', 'court_date_reminder', '+254733000111', null,
     'Mwamba & Associates: your hearing at Milimani is on Thursday at 9:00.', false, 'failed', 1,
     'InvalidPhoneNumber (403)', null, null,
     now() - interval '2 hours', now() - interval '2 hours', null, now() - interval '2 hours', now() - interval '2 hours'),
    ('email', 'appointment_confirmed', $1,
     'Your consultation on Thursday 3 December 2026 at 10:00 with Mwamba & Associates Advocates is confirmed',
     'Dear Wanjiru, your consultation is confirmed.', false, 'sent', 1, null,
     '<a1b2c3@mwamba.test>', null,
     now() - interval '1 hour', now() - interval '1 hour', now() - interval '1 hour', null, now() - interval '1 hour'),
    ('email', 'password_reset', $1, 'Reset your password',
     '', true, 'failed', 1, $2, null, null,
     now() - interval '30 minutes', now() - interval '30 minutes', null, now() - interval '30 minutes', now() - interval '30 minutes'),
    ('email', 'case_status_changed', 'otieno.k@gmail.com', 'Case status changed: Mwamba & Associates Advocates',
     'Dear Kevin, your case has moved.', false, 'queued', 2, '421 4.7.0 Try again later, closing connection.',
     null, null,
     now() - interval '10 minutes', now() - interval '5 minutes', null, null, now() + interval '55 minutes')
`;

/** The SMS the server wrote to DATA_DIR/sms for `number`. */
const smsFilesTo = (dataDir: string, number: string) => {
  const dir = path.join(dataDir, 'sms');
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .filter((text) => text.includes(`To: ${number}`));
};

async function expectFullyShown(page: Page, name: string) {
  const retry = page.getByRole('button', { name });
  await retry.scrollIntoViewIfNeeded();
  await expect(retry).toBeInViewport({ ratio: 1 });
  const box = (await retry.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test('an advocate sees what went, masked, and sends a failed SMS again, at 360 and 1366 pixels', async ({
  browser,
}, testInfo) => {
  // Two starts of a server of its own (on a copy of a fresh install's database), then two widths.
  test.setTimeout(240_000);
  const dataDir = preparedDataDir();
  const env = { DATA_DIR: dataDir, ADVOCATE_SUPER_KEY: SUPER_KEY };

  const first = await startServer(env, { timeoutMs: 90_000 });
  let token: string;
  try {
    const registered = await fetch(`${first.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(advocatePayload(OWNER, SUPER_KEY)),
    });
    expect(registered.status).toBe(201);
    token = ((await registered.json()) as { token: string }).token;
    // With no grace, the registration session opens only the setup of a second factor (ADR 037).
    await turnOnAuthenticator(first.url, token);
  } finally {
    first.child.kill('SIGTERM');
  }
  expect(await first.exited).toBe(0);
  const db = await openDataDir(dataDir);
  await db.query(SEED, [
    LONG_ADDRESS,
    `550 5.1.1 <${LONG_ADDRESS}>: Recipient address rejected: User unknown in virtual mailbox table`,
  ]);
  await db.close();

  const server = await startServer(env, { timeoutMs: 90_000 });
  try {
    const widths = [
      {
        width: 360,
        height: 740,
        sms: 'Retry the SMS “Appointment reminder” to +254 7•• ••• 369',
        toast: 'The SMS “Appointment reminder” to +254 7•• ••• 369 is being sent again.',
        number: '+254712982369',
        masked: '+254 7•• ••• 369',
      },
      {
        width: 1366,
        height: 768,
        sms: 'Retry the SMS “Court date reminder” to +254 7•• ••• 111',
        toast: 'The SMS “Court date reminder” to +254 7•• ••• 111 is being sent again.',
        number: '+254733000111',
        masked: '+254 7•• ••• 111',
      },
    ];
    for (const view of widths) {
      const context = await newContext(browser, {
        baseURL: server.url,
        viewport: { width: view.width, height: view.height },
      });
      const page = await context.newPage();
      await useSessionToken(page, token);
      await page.goto('/system-settings');
      await page.getByRole('tab', { name: 'Deliveries' }).click();
      await expect(page).toHaveURL(/tab=deliveries/);
      const table = page.getByRole('table', { name: 'Deliveries' });
      await expect(table).toBeVisible();

      // Recipients masked, the long address whole in its domain; no body ever shown.
      await expect(table.getByText(LONG_MASKED).first()).toBeVisible();
      await expect(table).not.toContainText('wanjiru.nyambura');
      await expect(table).not.toContainText('712982369');
      await expect(table).not.toContainText('your meeting is tomorrow');
      await expect(table).toContainText(`Reason given: 550 5.1.1 <${LONG_MASKED}>`);
      await expect(table).toContainText('Reason given: InvalidPhoneNumber (403)');
      await expect(table).toContainText(
        'It held a one-time link: ask the person to request a new one.',
      );
      await expect(table).toContainText('Next try');
      await expect(table).toContainText('Last attempt failed: 421 4.7.0 Try again later');

      await expectFullyShown(page, view.sms);
      expect(await fitsWidth(page), `${view.width} px scrolls sideways`).toBe(true);
      expect(await overflowingElements(page), `${view.width} px`).toEqual([]);
      expect(await seriousViolations(page), `${view.width} px`).toEqual([]);
      // The screen as the person sees it with the Retry button in view, and the whole page.
      await page.screenshot({ path: testInfo.outputPath(`deliveries-${view.width}-retry.png`) });
      // From the top: scrolled, a full-page shot draws the sticky header over the list.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: testInfo.outputPath(`deliveries-${view.width}.png`),
        fullPage: true,
      });

      // Retrying asks nothing: the toast says what happened and the row follows the message.
      await page.getByRole('button', { name: view.sms }).click();
      await expectToast(page, view.toast);
      // The toast as the person reads it: its sliding in is fast-forwarded (it leaves after seconds).
      await page.screenshot({
        path: testInfo.outputPath(`deliveries-${view.width}-toast.png`),
        animations: 'disabled',
      });
      expect(await seriousViolations(page), `${view.width} px with the toast`).toEqual([]);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('button', { name: view.sms })).toHaveCount(0, {
        timeout: 15_000,
      });
      const row = table.getByRole('row').filter({ hasText: view.masked });
      await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(row).toContainText('Retried');
      expect(await seriousViolations(page), `${view.width} px after the retry`).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: testInfo.outputPath(`deliveries-${view.width}-retried.png`),
        fullPage: true,
      });
      expect(smsFilesTo(dataDir, view.number)).toHaveLength(1);
      await context.close();
    }

    // The retry is in the audit log, with the recipient masked there too.
    const context = await newContext(browser, { baseURL: server.url });
    const page = await context.newPage();
    await useSessionToken(page, token);
    await page.goto('/system-settings?audit.action=delivery.retried');
    await expect(page.getByRole('table', { name: 'Audit log' })).toContainText(
      'Achieng Mwamba sent the failed SMS “Court date reminder” to +254 7•• ••• 111 again',
    );
    await context.close();
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});
