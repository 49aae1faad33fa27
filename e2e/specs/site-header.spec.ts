import { expect, test } from '../support/fixtures';
import { type Page } from '@playwright/test';
import { seriousViolations } from '../support/page-checks';
import { createReadyUser, uniqueSuffix, useSessionToken } from '../support/user-management';

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
  'Billing',
  'Clients',
  'Enquiries',
  'Reports',
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

    test('keeps an advocate’s ten items (three of them grouped) and the account menu on one line', async ({
      ownerPage: page,
      request,
    }) => {
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
      await expect(account).toBeVisible();
      await expectFullFirmName(page);
      const bar = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      // From 1024 px the bar holds the first seven items; Reports and the two advocate-only ones
      // share a group.
      for (const item of ADVOCATE_ITEMS.slice(0, 7)) {
        await expect(bar.getByRole('link', { name: itemName(item), exact: true })).toBeVisible();
        expect(await lineCount(page, 'header nav a', item), item).toBe(1);
      }
      const group = bar.getByRole('button', { name: 'Administration' });
      await expect(group).toBeVisible();
      expect(await lineCount(page, 'header nav button', 'Administration')).toBe(1);
      const [barBox, accountBox] = await Promise.all([bar.boundingBox(), account.boundingBox()]);
      // The account menu sits beside the links, not under or over them.
      expect(barBox!.x + barBox!.width).toBeLessThanOrEqual(accountBox!.x);
      // The bar is one line: every item's top is the first item's.
      const tops = await bar
        .locator(':scope > ul > li')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();

      // The group opens from the keyboard and lists its three items inside the viewport.
      await group.focus();
      await page.keyboard.press('Enter');
      for (const item of ADVOCATE_ITEMS.slice(7)) {
        const link = bar.getByRole('link', { name: item, exact: true });
        await expect(link).toBeInViewport({ ratio: 1 });
        expect(await lineCount(page, 'header nav a', item), item).toBe(1);
      }
      await page.keyboard.press('Escape');
      await expect(group).toBeFocused();
      await expect(bar.getByRole('link', { name: 'System Settings' })).toHaveCount(0);
      await group.click();
      await bar.getByRole('link', { name: 'System Settings', exact: true }).click();
      await expect(page).toHaveURL(/\/system-settings$/);
      await expect(group).toHaveAttribute('aria-current', 'page');
      await expectNoSidewaysScroll(page);
    });
  });
}

test.describe('the portal’s own frame', () => {
  test('staff work without the public footer or the chat bubble; a client keeps a slim footer', async ({
    ownerSession,
    browser,
    request,
  }, testInfo) => {
    const owner = ownerSession;
    const staff = await (
      await browser.newContext({ viewport: { width: 1366, height: 800 } })
    ).newPage();
    await useSessionToken(staff, owner);
    await staff.goto('/dashboard');
    await expect(staff.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    await expect(staff.getByRole('contentinfo')).toHaveCount(0);
    await staff.screenshot({
      path: testInfo.outputPath('staff-dashboard-1366.png'),
      fullPage: true,
    });
    await expect(staff.getByRole('button', { name: /^Open chat/ })).toHaveCount(0);
    // A public page is still the public site, whoever reads it.
    await staff.goto('/about');
    await expect(staff.getByRole('contentinfo').getByText('Quick Links')).toBeVisible();

    const client = await createReadyUser(request, owner, uniqueSuffix(), 'client');
    const phone = await (
      await browser.newContext({ viewport: { width: 360, height: 780 } })
    ).newPage();
    await useSessionToken(phone, client.token);
    await phone.goto('/dashboard');
    await expect(phone.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    const footer = phone.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '+254 20 765 4321' })).toBeAttached();
    await expect(
      phone.getByRole('button', { name: /^Open chat/, includeHidden: true }),
    ).toHaveCount(1);
    await expect(footer.getByText('Quick Links')).toHaveCount(0);
    await expect(footer.getByText(/^Office hours: Mon-Fri/)).toBeAttached();
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeAttached();
    expect(await seriousViolations(phone)).toEqual([]);
    await expectNoSidewaysScroll(phone);
    await footer.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: testInfo.outputPath('client-portal-footer-360.png') });
  });
});

test.describe('the portal menu on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('lists an advocate’s ten items flat, then the account entries, from the keyboard', async ({
    ownerPage: page,
  }) => {
    await page.goto('/dashboard');
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#mobile-menu');
    for (const item of ADVOCATE_ITEMS) {
      await expect(menu.getByRole('link', { name: itemName(item), exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Profile Settings' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await menu.getByRole('link', { name: 'System Settings' }).click();
    await expect(page).toHaveURL(/\/system-settings$/);
    await expect(menu).toHaveCount(0);
  });
});
