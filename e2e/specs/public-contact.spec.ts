import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { preparedDataDir, startServer } from '../support/server-process';
import { stubMapTiles, gotoReady } from '../support/public-site';
import { openDataDir } from '../support/database';
import { latestMailTo } from '../support/accounts';

const mailFiles = (dataDir: string): string[] => {
  try {
    return readdirSync(path.join(dataDir, 'mail')).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
};

const SUCCESS = 'Thank you for your message! We will get back to you within 24 hours.';
const REFERENCE = /MW-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}/;

async function fillForm(page: Page) {
  await page.getByLabel('Full Name').fill('Achieng Odhiambo');
  await page.getByLabel('Email Address').fill('Achieng@Example.co.ke');
  await page.getByLabel('Phone Number').fill('0722 123 456');
  await page.getByLabel('Urgency Level').selectOption('urgent');
  await page.getByRole('textbox', { name: /^Subject/ }).fill('Land sale in Kitengela');
  await page
    .getByRole('textbox', { name: /^Message/ })
    .fill('The seller wants a deposit before the search. Is that safe?');
  await page.getByLabel(/I agree that Mwamba/).check();
}

test.describe('the contact form', () => {
  test('stores the message with the consent, emails the firm and thanks the visitor', async ({
    browser,
  }) => {
    // A server of its own, on a copy of a fresh install's database: it starts slowly on a busy machine.
    test.setTimeout(180_000);
    const dataDir = preparedDataDir();
    let shownReference = '';
    const server = await startServer({
      DATA_DIR: dataDir,
      FIRM_NOTIFY_EMAIL: 'intake@mwamba-advocates.co.ke',
    });
    try {
      const context = await browser.newContext({ baseURL: server.url });
      await stubMapTiles(context);
      const page = await context.newPage();
      await gotoReady(page, '/contact');
      // The consent box starts unticked, the honeypot is out of sight.
      await expect(page.getByLabel(/I agree that Mwamba/)).not.toBeChecked();
      await expect(page.locator('#contact-website')).not.toBeInViewport();
      await fillForm(page);
      await page.getByRole('button', { name: 'Send Message' }).click();
      const success = page.getByRole('status').filter({ hasText: SUCCESS });
      await expect(success).toContainText(REFERENCE);
      shownReference = REFERENCE.exec((await success.textContent()) ?? '')?.[0] ?? '';
      // Reset for the next message.
      await expect(page.getByLabel('Full Name')).toHaveValue('');
      await expect(page.getByLabel('Urgency Level')).toHaveValue('normal');
      await expect(page.getByLabel(/I agree that Mwamba/)).not.toBeChecked();
      await context.close();
      // The mails leave through the outbox, just after the message is stored (ADR 028).
      await expect.poll(() => mailFiles(dataDir).length, { timeout: 10_000 }).toBe(2);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }

    const db = await openDataDir(dataDir);
    const { rows } = await db.query<Record<string, unknown>>(
      'select reference, name, email, phone, subject, urgency, notice_version, consent_at from contact_messages',
    );
    await db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reference: shownReference,
      name: 'Achieng Odhiambo',
      email: 'achieng@example.co.ke',
      phone: '+254722123456',
      subject: 'Land sale in Kitengela',
      urgency: 'urgent',
    });
    expect(rows[0]!.notice_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows[0]!.consent_at).toBeInstanceOf(Date);

    const mailDir = path.join(dataDir, 'mail');
    const files = mailFiles(dataDir);
    // One to the firm, and the firm settings' auto-reply to the visitor.
    expect(files).toHaveLength(2);
    const mails = files.map((file) => readFileSync(path.join(mailDir, file), 'utf8'));
    const eml = mails.find((mail) => /^To: intake@mwamba-advocates\.co\.ke/m.test(mail))!;
    expect(eml).toBeDefined();
    const reply = latestMailTo(dataDir, 'achieng@example.co.ke');
    // The auto-reply: a fixed text, the reference and the hotline, nothing the visitor typed.
    expect(reply).toContain(`Subject: We received your message (reference ${shownReference})`);
    expect(reply).toContain('Thank you for your message! We will get back to you within 24 hours.');
    expect(reply).toContain('+254 722 000 911');
    for (const typed of ['Achieng', 'Kitengela', 'deposit']) expect(reply).not.toContain(typed);
    expect(eml).toContain('Reply-To: achieng@example.co.ke');
    expect(eml).toMatch(/Subject: \[URGENT\] Website message: Land sale in Kitengela/);
    expect(eml).toContain('The seller wants a deposit before the search.');
  });

  test('on a phone, the success message comes into view, announced and focused', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      isMobile: true,
      hasTouch: true,
    });
    await stubMapTiles(context);
    const page = await context.newPage();
    await gotoReady(page, '/contact');
    await fillForm(page);
    const longMessage = Array.from(
      { length: 30 },
      (_, line) => `Line ${line + 1}: the seller wants a deposit before the official search.`,
    ).join('\n');
    await page.getByRole('textbox', { name: /^Message/ }).fill(longMessage);
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('contact-before-send-360.png') });
    await send.tap();

    const success = page.getByRole('status').filter({ hasText: SUCCESS });
    await expect(success).toBeFocused();
    await expect(success).toBeInViewport({ ratio: 1 });
    await expect(success).toContainText(REFERENCE);
    await expect(success).toContainText('Quote it if you call us about this message.');
    await page.screenshot({ path: test.info().outputPath('contact-sent-360.png') });
    await context.close();
  });

  test('says what is missing under each field, and sends nothing', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact-messages')) posted = true;
    });
    await stubMapTiles(page);
    await gotoReady(page, '/contact');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel('Phone Number').fill('12345');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('Full Name')).toHaveAccessibleDescription('Full name is required');
    await expect(page.getByLabel('Email Address')).toHaveAccessibleDescription(
      'Invalid email address',
    );
    await expect(page.getByLabel('Phone Number')).toHaveAccessibleDescription(
      'Invalid phone number',
    );
    await expect(page.getByRole('textbox', { name: /^Subject/ })).toHaveAccessibleDescription(
      'Subject is required',
    );
    // The message's limit is counted under it as it is typed, not only said after sending.
    await expect(page.getByRole('textbox', { name: /^Message/ })).toHaveAccessibleDescription(
      'Message is required 0 of 5,000 characters',
    );
    await expect(
      page.getByText('Please agree to the privacy notice so we can reply to you'),
    ).toBeVisible();
    expect(posted).toBe(false);

    // The first field in error has the focus, and is checked again as it is corrected: while the
    // visitor is still typing in it, not only once they leave it.
    const name = page.getByLabel('Full Name');
    await expect(name).toBeFocused();
    await name.pressSequentially('Achieng');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(name).toBeFocused();
    await page.getByLabel(/I agree that Mwamba/).check();
    await expect(
      page.getByText('Please agree to the privacy notice so we can reply to you'),
    ).toHaveCount(0);
  });

  test('shows the field errors the server sends back', async ({ page }) => {
    await stubMapTiles(page);
    await page.route('**/api/contact-messages', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Please correct the highlighted fields',
          code: 'VALIDATION_ERROR',
          errors: { subject: 'Must be at most 200 characters' },
        }),
      }),
    );
    await gotoReady(page, '/contact');
    await fillForm(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('textbox', { name: /^Subject/ })).toHaveAccessibleDescription(
      'Must be at most 200 characters',
    );
  });

  test('keeps what the visitor typed when sending fails, and says so', async ({ page }) => {
    await stubMapTiles(page);
    await page.route('**/api/contact-messages', (route) => route.abort('internetdisconnected'));
    await gotoReady(page, '/contact');
    await fillForm(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toContainText('Your message was not sent');
    await expect(page.getByLabel('Full Name')).toHaveValue('Achieng Odhiambo');
    await expect(page.getByRole('textbox', { name: /^Message/ })).toHaveValue(
      /deposit before the search/,
    );
    await expect(page.getByLabel(/I agree that Mwamba/)).toBeChecked();
  });

  test('offers the cards, the emergency hotline and booking', async ({ page }) => {
    await stubMapTiles(page);
    await gotoReady(page, '/contact');
    for (const name of ['Phone', 'WhatsApp Chat', 'Email', 'Main Office', 'Office Hours']) {
      await expect(
        page
          .getByRole('region', { name: 'Ways to reach us' })
          .getByRole('heading', { name, exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Emergency Hotline' })).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: '+254 722 000 911' }),
    ).toHaveAttribute('href', 'tel:+254722000911');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Book Appointment' }),
    ).toHaveAttribute('href', '/appointments?book=consultation');
  });

  test('downloads zod and the schema on the first focus in the form, not with the page', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await stubMapTiles(page);
    await gotoReady(page, '/contact');
    await page.getByRole('button', { name: /Open chat/ }).click();
    await page.getByRole('button', { name: 'Close chat' }).click();
    const isValidation = (path: string) => /\/assets\/(validation|forms)-/.test(path);
    expect(scripts.filter(isValidation)).toEqual([]);
    // Nor the toaster: react-hot-toast (and its style element) is the portal's.
    expect(scripts.some((path) => /\/assets\/toaster-/.test(path))).toBe(false);
    expect(await page.locator('style#_goober').count()).toBe(0);

    await page.getByLabel('Full Name').focus();
    await expect.poll(() => scripts.some((path) => /\/assets\/validation-/.test(path))).toBe(true);
    // react-hook-form is the portal's: the contact form does without it.
    expect(scripts.some((path) => /\/assets\/forms-/.test(path))).toBe(false);
  });
});
