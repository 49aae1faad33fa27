import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

/** axe's serious and critical findings on the page as it is now, one line each (none expected). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const analyze = async () => {
    await toasterAtRest(page);
    return (await new AxeBuilder({ page }).analyze()).violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
  };
  // A toast can start to come or go between the wait and axe's reading of it: what is found is
  // read once more, and a real finding is there both times.
  let violations = await analyze();
  if (violations.length > 0) violations = await analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`,
  );
}

/** The screens each test has had axe read, by `screenKey` (seriousViolationsOnce). */
const screensRead = new WeakMap<TestInfo, Set<string>>();

/**
 * What makes a screen another screen for axe: the path and query with record ids as `:id` (one
 * case's page is every case's page), the open dialogs by name, and the viewport's width.
 */
export const screenKey = (page: Page) =>
  page.evaluate(() => {
    const id = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[\w-]{20,})$/i;
    const path = location.pathname
      .split('/')
      .map((part) => (id.test(part) ? ':id' : part))
      .join('/');
    const query = [...new URLSearchParams(location.search).keys()].sort().join('&');
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]'))
      .filter((dialog) => (dialog as HTMLElement).offsetParent !== null || dialog.matches(':modal'))
      .map(
        (dialog) =>
          dialog.getAttribute('aria-label') ??
          (dialog.getAttribute('aria-labelledby') ?? '')
            .split(' ')
            .map((labelId) => document.getElementById(labelId)?.textContent ?? '')
            .join(' '),
      );
    return `${window.innerWidth} ${path}?${query} ${dialogs.join('|')}`;
  });

/**
 * `seriousViolations` the first time a test shows a screen at its size (`screenKey`), and none
 * after: a journey comes back to the same screen step after step, and axe reading it again finds
 * what it found the first time, at a second or more a read on a busy machine. The screenshots
 * and the layout checks stay at every step.
 */
export async function seriousViolationsOnce(page: Page, testInfo: TestInfo): Promise<string[]> {
  const seen = screensRead.get(testInfo) ?? new Set<string>();
  screensRead.set(testInfo, seen);
  const key = await screenKey(page);
  if (seen.has(key)) return [];
  seen.add(key);
  return seriousViolations(page);
}

/**
 * A toast coming or going is half transparent: axe would read its colours mid-fade. It is read
 * once no animation runs in the toaster (a toast at rest is checked like the rest of the page).
 */
async function toasterAtRest(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const toaster = document.querySelector('[data-rht-toaster]');
        return (
          !toaster ||
          document
            .getAnimations()
            .every(
              (animation) =>
                animation.playState !== 'running' ||
                !(animation.effect instanceof KeyframeEffect) ||
                !animation.effect.target ||
                !toaster.contains(animation.effect.target),
            )
        );
      },
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** A toast (react-hot-toast renders each as a polite status) holding `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text });

/** Whether the page fits its viewport's width: nothing makes it scroll sideways (a 360 px phone). */
export const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * The visible elements that stick out of the viewport sideways, one line each (none expected).
 * `fitsWidth` alone is not enough: a pane with `overflow: hidden` keeps the page from scrolling
 * while its text and its Send button are cut off past the edge. Elements inside a
 * container that scrolls sideways on purpose (a tab strip) are that container's affair.
 */
export const overflowingElements = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const scrollsSideways = (element: Element) => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        const overflowX = getComputedStyle(up).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    // Inside a visually hidden box (Tailwind's sr-only: 1 px, overflow hidden), such as a table
    // header kept for screen readers on a phone: read aloud, never seen, so never sticking out.
    const visuallyHidden = (element: Element) => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        const box = up.getBoundingClientRect();
        if (box.width <= 1 && box.height <= 1 && getComputedStyle(up).overflow === 'hidden') {
          return true;
        }
      }
      return false;
    };
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue; // sr-only and hidden parts
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (rect.left >= -0.5 && rect.right <= width + 0.5) continue;
      if (scrollsSideways(element) || visuallyHidden(element)) continue;
      // A form's honeypot is put far off screen on purpose, hidden from people and assistive
      // technology alike: it sticks out of nothing a person sees.
      const hidden = element.closest('[aria-hidden="true"]');
      if (hidden && hidden.getBoundingClientRect().right < 0) continue;
      const text = (element.textContent ?? '').trim().slice(0, 40);
      found.push(
        `${element.tagName.toLowerCase()} [${Math.round(rect.left)}, ${Math.round(rect.right)}] ${text}`,
      );
    }
    return found;
  });
