import { expect, test } from '../support/fixtures';
import { type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/page-checks';
import { gotoReady } from '../support/public-site';
import { createReadyUser, uniqueSuffix, useSessionToken } from '../support/user-management';

// Nairobi is UTC+3 all year; the widget must follow Nairobi, not the visitor's zone.
test.use({ timezoneId: 'America/New_York' });

test.describe('the floating chat widget', () => {
  test('is online during office hours on Nairobi time', async ({ page }) => {
    // Monday 10:00 in Nairobi (03:00 in New York).
    await page.clock.install({ time: new Date('2026-11-23T07:00:00Z') });
    await gotoReady(page, '/about');
    await expect(page.getByRole('button', { name: 'Open chat (online)' })).toBeVisible();
    await page.getByRole('button', { name: 'Open chat (online)' }).click();
    await expect(page.getByTestId('chat-status')).toHaveText('Online: we reply now');
  });

  test('is offline on Sunday and on Saturday afternoon', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-22T08:00:00Z') }); // Sunday 11:00
    await gotoReady(page, '/');
    await expect(page.getByRole('button', { name: 'Open chat (offline)' })).toBeVisible();

    await page.clock.setSystemTime(new Date('2026-11-28T11:30:00Z')); // Saturday 14:30
    await page.reload();
    await page.getByRole('button', { name: 'Open chat (offline)' }).click();
    await expect(page.getByTestId('chat-status')).toHaveText('Offline: we reply when we open');
    await expect(page.getByText(/We are closed now/)).toBeVisible();
  });

  test('goes offline at closing time without a reload (refreshed every 60 seconds)', async ({
    page,
  }) => {
    await page.clock.install({ time: new Date('2026-11-27T14:59:10Z') }); // Friday 17:59:10
    await gotoReady(page, '/contact');
    await page.getByRole('button', { name: 'Open chat (online)' }).click();
    await expect(page.getByTestId('chat-status')).toHaveText('Online: we reply now');
    await page.clock.runFor(60_000);
    await expect(page.getByTestId('chat-status')).toHaveText('Offline: we reply when we open');
  });

  test('sends the edited message to WhatsApp with the normalised number, and offers a call', async ({
    page,
  }) => {
    await gotoReady(page, '/');
    await page.getByRole('button', { name: /Open chat/ }).click();
    const chat = page.getByRole('region', { name: 'Chat with us' });
    const box = chat.getByLabel('Your message');
    await expect(box).toHaveValue(/^Hello Mwamba & Associates/);
    await box.fill('Habari, I need help with a land sale in Kitengela & Ngong?');
    const send = chat.getByRole('link', { name: 'Send' });
    // The firm's WhatsApp number is written 0712 345 678: a leading 0 becomes 254.
    await expect(send).toHaveAttribute(
      'href',
      'https://wa.me/254712345678?text=' +
        encodeURIComponent('Habari, I need help with a land sale in Kitengela & Ngong?'),
    );
    await expect(send).toHaveAttribute('target', '_blank');
    await expect(chat.getByRole('link', { name: /Call/ })).toHaveAttribute(
      'href',
      'tel:+254207654321',
    );

    await page.getByRole('button', { name: 'Close chat' }).click();
    await expect(chat).toHaveCount(0);
  });
});

test.describe('a public page before its script has arrived', () => {
  test('paints with no script but its small entry, and keeps a tap made before React listens', async ({
    page,
  }) => {
    // Hold the app's chunk: the page is on screen, its buttons are not wired yet.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
    });
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Before the first frame only the entry was asked for (boot.ts): React waits for the paint.
    expect(requested[0]).toMatch(/^\/assets\/boot-[\w-]+\.js$/);

    await page.getByRole('button', { name: /Open chat/ }).click();
    await expect(page.getByRole('region', { name: 'Chat with us' })).toHaveCount(0);
    release();
    await expect(page.getByRole('region', { name: 'Chat with us' })).toBeVisible();
  });
});

// on a phone the bubble sat on "Book a Virtual Meeting", on the contact form's Send and
// on the field being typed into.
test.describe('the chat bubble on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

  const launcher = (page: Page) => page.getByRole('button', { name: /^(Open|Close) chat/ });

  /** Whether the bubble is on screen over `target` (a bubble out of sight covers nothing). */
  async function bubbleCovers(page: Page, target: Locator): Promise<boolean> {
    if (!(await launcher(page).isVisible())) return false;
    const a = (await launcher(page).boundingBox())!;
    const b = (await target.boundingBox())!;
    return (
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    );
  }

  /** Scrolls so that `target` sits at the foot of the screen, where the bubble is. */
  const toFootOfScreen = (target: Locator) =>
    target.evaluate((element) => {
      element.scrollIntoView({ block: 'end' });
      window.scrollBy(0, 16);
    });

  test('steps aside from "Book a Virtual Meeting" at the foot of the screen', async ({
    page,
  }, testInfo) => {
    await gotoReady(page, '/locations');
    const book = page.getByRole('link', { name: 'Book a Virtual Meeting' });
    await toFootOfScreen(book);
    await expect.poll(() => bubbleCovers(page, book)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath('locations-book-at-foot.png') });
    await expect(book).toBeInViewport();
    // Scrolled on to the footer, clear of controls: it is back.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(launcher(page)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('locations-page-end.png') });
  });

  test('stays off the contact form: the field being typed into and its Send button', async ({
    page,
  }, testInfo) => {
    await gotoReady(page, '/contact');
    const form = page.getByRole('form', { name: /Send Us a Message/ });
    const message = form.getByLabel(/^Message/);
    await toFootOfScreen(message);
    await message.tap();
    await message.fill(
      'Habari. My late father’s land in Kitengela (title KAJIADO/KAPUTIEI NORTH/12345) is being sold by a relative. Please call me on 0722 123 456.',
    );
    await expect(message).toBeFocused();
    await expect.poll(() => bubbleCovers(page, message)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath('contact-typing.png') });

    const send = form.getByRole('button', { name: 'Send Message' });
    await toFootOfScreen(send);
    await expect.poll(() => bubbleCovers(page, send)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath('contact-send-at-foot.png') });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('the chat bubble in the portal', () => {
  test('is not shown to staff, nor on the secure messages screen; a client still has it elsewhere', async ({
    ownerSession,
    browser,
    request,
  }, testInfo) => {
    const owner = ownerSession;
    const client = await createReadyUser(request, owner, uniqueSuffix(), 'client');

    const staffContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const staff = await staffContext.newPage();
    await useSessionToken(staff, owner);
    await staff.goto('/dashboard');
    await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
    await staff.screenshot({ path: testInfo.outputPath('staff-dashboard.png') });
    await expect(
      staff.getByRole('button', { name: /^Open chat/, includeHidden: true }),
    ).toHaveCount(0);
    await staff.goto('/cases');
    await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      staff.getByRole('button', { name: /^Open chat/, includeHidden: true }),
    ).toHaveCount(0);
    await staffContext.close();

    const clientContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const mine = await clientContext.newPage();
    await useSessionToken(mine, client.token);
    await mine.goto('/dashboard');
    await expect(mine.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(mine.getByRole('button', { name: /^Open chat/, includeHidden: true })).toHaveCount(
      1,
    );
    await mine.goto('/messages');
    await expect(mine.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await expect(mine.getByRole('button', { name: /^Open chat/, includeHidden: true })).toHaveCount(
      0,
    );
    await mine.screenshot({ path: testInfo.outputPath('client-messages.png') });
    await clientContext.close();
  });
});
