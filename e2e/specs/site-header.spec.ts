import { expect, test, type Page } from '@playwright/test';
import { ownerToken, useSessionToken } from '../support/user-management';

const FIRM_NAME = 'Mwamba & Associates';
const VISITOR_ITEMS = [
  'Home',
  'About',
  'Practice Areas',
  'Areas We Serve',
  'Resources',
  'Locations',
  'Contact',
];
const ADVOCATE_ITEMS = [
  'Dashboard',
  'Cases',
  'Appointments',
  'Messages',
  'Clients',
  'Enquiries',
  'Admin Management',
  'System Settings',
];

/** An item's accessible name: Enquiries may carry its badge ("Enquiries 3 new enquiries"). */
const itemName = (item: string) => (item === 'Enquiries' ? /^Enquiries( \d+.*)?$/ : item);

/** How many lines an element's text takes: 1 when it does not wrap. */
function lineCount(page: Page, selector: string, name: string): Promise<number> {
  return page
    .locator(selector, { hasText: name })
    .first()
    .evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const tops = new Set<number>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        // A nav item's badge sits over its corner: the label is what must not wrap.
        if (node.parentElement?.closest('[data-nav-badge]')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects()))
          if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return tops.size;
    });
}

/** The firm's name is shown whole: its box is as wide as its text. */
async function expectFullFirmName(page: Page) {
  const name = page.getByRole('banner').getByRole('link', { name: FIRM_NAME });
  await expect(name).toBeVisible();
  const clipped = await name.evaluate((link) => {
    const text = Array.from(link.querySelectorAll('span')).find((span) => span.textContent);
    return text ? text.scrollWidth > text.clientWidth : true;
  });
  expect(clipped).toBe(false);
  expect(await lineCount(page, 'header a[href="/"]', FIRM_NAME)).toBe(1);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

for (const width of [1024, 1280, 1440]) {
  test.describe(`the header at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('shows the firm’s full name and every visitor item on one line', async ({ page }) => {
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
      await expectFullFirmName(page);
      const bar = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      if (width >= 1280) {
        for (const item of VISITOR_ITEMS) {
          await expect(bar.getByRole('link', { name: item, exact: true })).toBeVisible();
          expect(await lineCount(page, 'header nav a', item), item).toBe(1);
        }
        for (const action of ['Sign In', 'Get Started']) {
          await expect(page.getByRole('banner').getByRole('link', { name: action })).toBeVisible();
          expect(await lineCount(page, 'header a', action), action).toBe(1);
        }
      } else {
        // No room for the bar: the menu button offers the same items.
        await expect(bar).toHaveCount(0);
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.locator('#mobile-menu');
        for (const item of VISITOR_ITEMS) {
          await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
        }
      }
      await expectNoSidewaysScroll(page);
    });

    test('keeps an advocate’s eight items and the account menu on one line', async ({
      page,
      request,
    }) => {
      await useSessionToken(page, await ownerToken(request));
      if (width === 1280) {
        // The narrowest bar: it must hold Enquiries with its badge of new enquiries too.
        const sent = await request.post('/api/contact-messages', {
          data: {
            name: 'Header Check',
            email: 'header.check@visitor-e2e.test',
            subject: 'Header width check',
            message: 'Makes the Enquiries badge show.',
            consent: true,
          },
        });
        expect(sent.status()).toBe(201);
      }
      await page.goto('/dashboard');
      if (width === 1280) {
        await expect(
          page.getByRole('banner').getByRole('link', { name: /^Enquiries \d+ new enquiries$/ }),
        ).toBeVisible();
      }
      const account = page.getByRole('button', { name: /Account menu for/ });
      if (width >= 1280) await expect(account).toBeVisible();
      await expectFullFirmName(page);
      const bar = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      if (width >= 1280) {
        for (const item of ADVOCATE_ITEMS) {
          await expect(bar.getByRole('link', { name: itemName(item), exact: true })).toBeVisible();
          expect(await lineCount(page, 'header nav a', item), item).toBe(1);
        }
        const [barBox, accountBox] = await Promise.all([bar.boundingBox(), account.boundingBox()]);
        // The account menu sits beside the links, not under or over them.
        expect(barBox!.x + barBox!.width).toBeLessThanOrEqual(accountBox!.x);
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.locator('#mobile-menu');
        for (const item of ADVOCATE_ITEMS) {
          await expect(menu.getByRole('link', { name: itemName(item), exact: true })).toBeVisible();
        }
        await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
    });
  });
}
