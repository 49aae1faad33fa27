import { expect, test } from '@playwright/test';
import { gotoReady } from '../support/public-site';

test.describe('the resources page', () => {
  test('search and category filter work together, with an empty state', async ({ page }) => {
    await gotoReady(page, '/resources');
    const library = page.getByRole('region', { name: 'Resource Library' });
    await expect(library.getByRole('article')).toHaveCount(6);
    await expect(
      page.getByRole('region', { name: 'Frequently Asked Questions' }).getByRole('term'),
    ).toHaveCount(4);

    await page.getByLabel('Category').selectOption('forms');
    await expect(library.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Frequently Asked Questions' })).toHaveCount(0);

    await page.getByLabel('Search resources').fill('land');
    await expect(library.getByRole('article')).toHaveCount(1);
    await expect(
      library.getByRole('heading', { name: 'Land Purchase Due Diligence Checklist' }),
    ).toBeVisible();

    await page.getByLabel('Category').selectOption('articles');
    await expect(page.getByRole('heading', { name: 'No resources found' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('0 results');

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(library.getByRole('article')).toHaveCount(6);

    await page.getByLabel('Category').selectOption('faqs');
    await page.getByLabel('Search resources').fill('M-Pesa');
    await expect(page.getByRole('region', { name: 'Resource Library' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('term')).toHaveText(['How can I pay?']);
  });

  test('forms download as real PDF files', async ({ page, request }) => {
    await gotoReady(page, '/resources');
    const link = page.getByRole('link', {
      name: /^Download PDF ?: Client Consultation Intake Form$/,
    });
    const href = await link.getAttribute('href');
    expect(href).toBe('/forms/client-consultation-intake-form.pdf');
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const body = await response.body();
    expect(body.subarray(0, 8).toString()).toBe('%PDF-1.4');
    expect(body.toString('latin1')).toContain('Client Consultation Intake Form');
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toBe('client-consultation-intake-form.pdf');
  });

  test("'Read More' opens the article, which links back to the library", async ({ page }) => {
    await gotoReady(page, '/resources');
    await page
      .getByRole('link', { name: /^Read More ?: Succession: How to Administer an Estate$/ })
      .click();
    await expect(page).toHaveURL(/\/resources\/succession-administering-an-estate$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Succession: How to Administer an Estate' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Confirmation of the grant' })).toBeVisible();
    await expect(page).toHaveTitle(
      'Succession: How to Administer an Estate | Mwamba & Associates Advocates',
    );
    await page.getByRole('link', { name: 'Legal Resources' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Legal Resources' })).toBeVisible();
  });

  test('an unknown article answers 404', async ({ page }) => {
    const response = await gotoReady(page, '/resources/how-to-win-every-case');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });
});
