import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES, collectProblems, stubMapTiles } from '../support/public-site';

test.describe('every public page', () => {
  for (const { path, h1 } of PUBLIC_PAGES) {
    test(`${path} arrives prerendered, hydrates without errors and passes axe`, async ({
      browser,
      request,
      baseURL,
    }) => {
      // The HTML itself carries the page: its h1, title, description, canonical link.
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(html).toContain(`<link rel="canonical" href="${baseURL}${path}" />`);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);

      const context = await browser.newContext();
      await stubMapTiles(context);
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      // Hydrated: the chat widget answers a click.
      await page.getByRole('button', { name: /Open chat/ }).click();
      await expect(page.getByRole('region', { name: 'Chat with us' })).toBeVisible();
      await page.getByRole('button', { name: 'Close chat' }).click();
      await expect(page.locator('h1')).toHaveCount(1);

      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      expect(
        serious.map(
          (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`,
        ),
      ).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  test('none scrolls sideways on a 360-pixel phone', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await stubMapTiles(context);
    const page = await context.newPage();
    for (const { path } of [...PUBLIC_PAGES, { path: '/no-such-page' }]) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
    }
    await context.close();
  });

  test('the home, contact and locations pages describe the firm as a LegalService', async ({
    request,
  }) => {
    for (const path of ['/', '/contact', '/locations']) {
      const html = await (await request.get(path)).text();
      const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
      const data = JSON.parse(json ?? 'null');
      expect(data['@type'], path).toBe('LegalService');
      expect(data.telephone).toBe('+254 20 765 4321');
      expect(data.address.addressLocality).toBe('Nairobi');
      expect(data.openingHoursSpecification[0]).toMatchObject({ opens: '08:00', closes: '18:00' });
      expect(data.department).toHaveLength(2);
    }
  });

  test('sitemap.xml lists the public pages only, and robots.txt points to it', async ({
    request,
    baseURL,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const { path } of PUBLIC_PAGES) expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
    expect(sitemap).not.toContain('/dashboard');
    expect(sitemap).not.toContain('/login');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest.name).toBe('Mwamba & Associates Advocates');
  });

  test('the practice areas page lists nine areas, each with four services and Get Consultation', async ({
    page,
  }) => {
    await page.goto('/practice-areas');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(9);
    for (const card of await cards.all()) {
      await expect(card.getByRole('listitem')).toHaveCount(4);
    }
    await expect(page.getByRole('link', { name: /^Get Consultation/ })).toHaveCount(9);
    await expect(
      page.getByRole('heading', { name: 'Why Choose Mwamba & Associates' }),
    ).toBeVisible();
    await expect(page.getByText(/not legal advice/)).toBeVisible();
    await page.getByRole('link', { name: 'Get Consultation on Traffic Law' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });

  test('the home page shows the stats and a consultation offer that matches the FAQ', async ({
    page,
  }) => {
    await page.goto('/');
    for (const value of ['500+', '15+', '1000+', '95%']) {
      await expect(page.getByText(value, { exact: true })).toBeVisible();
    }
    await expect(
      page.getByRole('heading', { name: 'Free 15-minute preliminary call' }),
    ).toBeVisible();
    await expect(
      page.getByText(/30-minute initial consultation with an advocate at KES 5,000/).first(),
    ).toBeVisible();
  });
});
