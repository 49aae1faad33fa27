import { expect, test } from '@playwright/test';
import { stubMapTiles, gotoReady } from '../support/public-site';

test.describe('the locations page', () => {
  test('Map View: choosing an office opens its detail panel with Directions, Call and a maps link', async ({
    page,
  }) => {
    await stubMapTiles(page);
    await gotoReady(page, '/locations');
    await expect(page.getByRole('button', { name: 'Map View' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('region', { name: 'Map of our offices' })).toBeVisible();
    await expect(page.locator('.leaflet-container')).toBeVisible();

    await page.getByRole('button', { name: /Thika Office/ }).click();
    const detail = page.getByRole('region', { name: 'Thika Office' });
    await expect(detail).toBeVisible();
    await expect(detail.getByText('Kenyatta Highway Plaza', { exact: false })).toBeVisible();
    await expect(detail.getByText(/Street parking/)).toBeVisible();
    await expect(detail.getByRole('link', { name: 'Directions' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=-1.0388,37.0834',
    );
    await expect(detail.getByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      'tel:+254672221480',
    );
    await expect(detail.getByRole('link', { name: 'View in OpenStreetMap' })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/\?mlat=-1\.0388&mlon=37\.0834/,
    );
  });

  test("List View: three offices, up to three services then '+N more', Book Appointment and Call Now", async ({
    page,
  }) => {
    await gotoReady(page, '/locations');
    await page.getByRole('button', { name: 'List View' }).click();
    await expect(page.getByRole('region', { name: 'Map of our offices' })).toHaveCount(0);
    const offices = page.getByRole('list', { name: 'Offices' }).getByRole('article');
    await expect(offices).toHaveCount(3);
    const main = offices.filter({ hasText: 'Upper Hill' });
    await expect(main.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText([
      'Family Law',
      'Corporate Law',
      'Criminal Defense',
      '+3 more',
    ]);
    await expect(main.getByRole('link', { name: 'Book Appointment' })).toHaveAttribute(
      'href',
      '/appointments?book=consultation',
    );
    await expect(main.getByRole('link', { name: 'Call Now' })).toHaveAttribute(
      'href',
      'tel:+254207654321',
    );
    await expect(page.getByRole('link', { name: 'Book a Virtual Meeting' })).toBeVisible();
  });

  test('when the map cannot load, the failure screen lists the offices and offers a retry', async ({
    page,
  }) => {
    await page.route(/\/assets\/leaflet-map-.*\.js$/, (route) => route.abort());
    await gotoReady(page, '/locations');
    const failure = page.getByRole('alert');
    await expect(failure.getByRole('heading', { name: 'Map Loading Error' })).toBeVisible();
    await expect(failure.getByText('Failed to load OpenStreetMap')).toBeVisible();
    for (const office of ['Nairobi Main Office (Upper Hill)', 'Thika Office', 'Kitengela Office']) {
      await expect(failure.getByText(office)).toBeVisible();
    }
    await expect(failure.getByRole('link', { name: 'Get API Key' })).toBeVisible();
    await failure.getByRole('button', { name: 'Retry Loading Map' }).click();
    // Still failing: the screen comes back rather than a blank box.
    await expect(page.getByRole('heading', { name: 'Map Loading Error' })).toBeVisible();
    // The office list beside the map still works.
    await page.getByRole('button', { name: /Kitengela Office/ }).click();
    await expect(page.getByRole('region', { name: 'Kitengela Office' })).toBeVisible();
  });

  test('on a phone, Leaflet downloads only when the visitor taps Show map', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await stubMapTiles(context);
    const page = await context.newPage();
    const leafletRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/leaflet-map-/.test(request.url())) leafletRequests.push(request.url());
    });
    await gotoReady(page, '/locations');
    // Hydrated: the chat widget answers a click. At the page's foot, where it is clear of the
    // office buttons it steps aside from on a phone.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: /Open chat/ }).click();
    await page.getByRole('button', { name: 'Close chat' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    // Everything the page asks for by itself has arrived (no request for half a second): none of
    // it was the map's code.
    await page.waitForLoadState('networkidle');
    expect(leafletRequests).toEqual([]);
    // The page is useful without the map: an office's details and its links.
    await page.getByRole('button', { name: /Thika Office/ }).click();
    await expect(
      page.getByRole('region', { name: 'Thika Office' }).getByRole('link', { name: 'Directions' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Show map' }).click();
    await expect(page.locator('.leaflet-container')).toBeVisible();
    expect(leafletRequests).not.toEqual([]);
    await expect(page.getByRole('button', { name: 'Show map' })).toHaveCount(0);
    await context.close();
  });
});
