import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/public-site';

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
