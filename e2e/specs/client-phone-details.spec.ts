import { expect, test } from '../support/fixtures';
import { type Locator } from '@playwright/test';
import { overflowingElements, seriousViolations } from '../support/page-checks';
import { gotoReady } from '../support/public-site';
import { createReadyUser, uniqueSuffix, useSessionToken } from '../support/user-management';

/**
 * ADR 016: small things a client meets on a phone. The cases screen's two filters read
 * "All" and "All" with no visible name; the appointment status tabs were cut at the screen's edge
 * ("Confirr"); a practice area's one booking button was 7,780 px down the page.
 */

const PHONES = [
  { width: 320, height: 700 },
  { width: 360, height: 780 },
];

/** The whole of `locator` is on screen, with nothing to scroll to reach it. */
async function isOnScreen(locator: Locator, viewport: { width: number; height: number }) {
  const box = await locator.boundingBox();
  return (
    !!box &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= viewport.width &&
    box.y + box.height <= viewport.height
  );
}

for (const viewport of PHONES) {
  test.describe(`on a ${viewport.width} px phone`, () => {
    test.use({ viewport, hasTouch: true, isMobile: true });

    test('a client’s case filters each carry a visible name', async ({
      ownerSession,
      page,
      request,
    }, testInfo) => {
      const owner = ownerSession;
      const client = await createReadyUser(
        request,
        owner,
        uniqueSuffix(),
        'client',
        {},
        {
          firstName: 'Nyambura',
          lastName: 'Wairimu-Odhiambo',
          phone: '+254 733 456 789',
        },
      );
      await useSessionToken(page, client.token);
      await page.goto('/cases');
      await expect(page.getByRole('heading', { name: 'My Cases' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`cases-${viewport.width}.png`) });

      for (const [name, all] of [
        ['Status', 'All statuses'],
        ['Priority', 'All priorities'],
      ] as const) {
        const filter = page.getByRole('combobox', { name });
        await expect(filter).toHaveValue('all');
        await expect(filter.locator('option:checked')).toHaveText(all);
        // A label a person can read: not the 1 px box of a screen-reader-only one.
        const label = page.locator('label', { hasText: name }).first();
        const box = (await label.boundingBox())!;
        expect(box.width).toBeGreaterThan(20);
        expect(box.height).toBeGreaterThan(10);
      }
      expect(await overflowingElements(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('every appointment status tab is whole and on screen', async ({
      ownerSession,
      page,
      request,
    }, testInfo) => {
      const owner = ownerSession;
      const client = await createReadyUser(request, owner, uniqueSuffix(), 'client');
      await useSessionToken(page, client.token);
      await page.goto('/appointments');
      const tablist = page.getByRole('tablist');
      await expect(tablist).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`appointments-${viewport.width}.png`) });

      const tabs = tablist.getByRole('tab');
      await expect(tabs).toHaveText([
        'All',
        'Active',
        'Scheduled',
        'Confirmed',
        'Completed',
        'Cancelled',
      ]);
      for (const tab of await tabs.all()) {
        // Its text is not cut inside it, and it is not cut by the screen's edge.
        expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
          true,
        );
        expect(await isOnScreen(tab, viewport), await tab.innerText()).toBe(true);
      }
      await tabs.filter({ hasText: 'Confirmed' }).tap();
      await expect(tabs.filter({ hasText: 'Confirmed' })).toHaveAttribute('aria-selected', 'true');
      expect(await overflowingElements(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    });

    for (const slug of ['family-law', 'criminal-defense']) {
      test(`/practice-areas/${slug} offers its booking link near the top`, async ({
        page,
      }, testInfo) => {
        await gotoReady(page, `/practice-areas/${slug}`);
        await page.screenshot({ path: testInfo.outputPath(`${slug}-${viewport.width}.png`) });
        const book = page.getByRole('main').getByRole('link', { name: 'Book Appointment' });
        // Above the fold on arrival, with no scrolling (the page is several screens long).
        expect(await isOnScreen(book.first(), viewport)).toBe(true);
        await expect(book.first()).toHaveAttribute('href', /^\/appointments/);
        expect(await overflowingElements(page)).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
