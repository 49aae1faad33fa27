import { expect, test } from '@playwright/test';
import { freePort, freshDataDir, startServer, type ServerProcess } from '../support/server-process';

/**
 * ADR 015: on a fresh install (no advocate yet) a visitor on a phone who opens the booking
 * form is told why it offers no times, and given the firm's number and the contact form, instead
 * of a calendar whose every day says "No free times".
 */
test.describe('booking on a fresh install, on a phone', () => {
  let server: ServerProcess | undefined;

  test.use({ viewport: { width: 360, height: 780 } });

  test.beforeAll(async () => {
    // A first start on an empty DATA_DIR runs initdb: give it time on a shared machine.
    test.setTimeout(180_000);
    const port = await freePort();
    server = await startServer({
      PORT: String(port),
      DATA_DIR: freshDataDir(),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
  });
  test.afterAll(async () => {
    if (!server) return;
    server.child.kill('SIGTERM');
    await server.exited;
  });

  test('says online booking opens once the diary is set up, with a tel: link and the contact form', async ({
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
});
