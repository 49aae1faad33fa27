import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { addDays } from './journey';
import { fitsWidth, overflowingElements, seriousViolationsOnce } from './page-checks';
import { newContext } from './toasts';

/** The advocate's day (specs/journey-advocate.spec.ts): its dates, its moves and its steps. */

export const nairobiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
/** A weekday at least `ahead` days on (the default booking hours are Monday–Saturday). */
export function weekdayAfter(ahead: number): string {
  let day = addDays(nairobiToday(), ahead);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
}

/**
 * Moves through the portal's header as a person does: the Main navigation's link by its name, the
 * menu opened first on a phone (the frame's grouping may change; the names stay).
 */
export async function navigate(page: Page, name: string, path: string) {
  const link = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name, exact: true });
  if (!(await link.first().isVisible())) {
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
  }
  if (await link.first().isVisible()) await link.first().click();
  else await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
}

export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await newContext(browser, { baseURL, viewport });
  return context.newPage();
}

/** Calls the fresh server's API (the visitor's side of the story). */
export function apiOf(baseURL: string) {
  return async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text() };
  };
}

/**
 * One step of the walk: the control needed next is in view, the page does not scroll sideways,
 * axe finds nothing serious the first time the walk shows the screen, and a screenshot is kept.
 */
export function stepper(page: Page, testInfo: TestInfo, width: number) {
  return async (name: string, next: ReturnType<Page['getByRole']>) => {
    await page.screenshot({ path: testInfo.outputPath(`${width}-${name}.png`) });
    await expect(next).toBeInViewport();
    expect(await fitsWidth(page), `${name}: no sideways scroll`).toBe(true);
    expect(await overflowingElements(page), `${name}: nothing past the edge`).toEqual([]);
    expect(await seriousViolationsOnce(page, testInfo), `${name}: axe`).toEqual([]);
  };
}
