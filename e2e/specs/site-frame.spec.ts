import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/public-site';

test.describe('the site frame', () => {
  test('a public page arrives as prerendered HTML, readable without JavaScript', async ({
    browser,
    request,
    baseURL,
  }) => {
    const response = await request.get('/about');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>About Us | Mwamba &amp; Associates Advocates</title>');
    expect(html).toMatch(/<h1[^>]*>About Us<\/h1>/);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/about" />`);

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await context.close();
  });

  test('hydrates and navigates in the browser without errors or CSP violations', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await gotoReady(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Resources' }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Legal Resources' })).toBeVisible();
    await expect(page).toHaveTitle('Legal Resources | Mwamba & Associates Advocates');
    expect(problems).toEqual([]);
  });

  test('an unknown path answers HTTP 404 with the Page Not Found screen', async ({ page }) => {
    const response = await gotoReady(page, '/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    const popular = page.getByRole('navigation', { name: 'Popular pages' });
    for (const name of [
      'Home',
      'About Us',
      'Practice Areas',
      'Contact',
      'Book Appointment',
      'Resources',
    ]) {
      await expect(popular.getByRole('link', { name })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Go to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown practice area is not found either', async ({ page }) => {
    const response = await gotoReady(page, '/practice-areas/astrology-law');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });

  test('the menu opens on a 360-pixel phone and the page never scrolls sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoReady(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
