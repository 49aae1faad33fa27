import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { fitsWidth, overflowingElements, seriousViolations } from './page-checks';

/**
 * One step of a whole journey (docs: /JOURNEYS.md is the firm's list): the page as the person sees
 * it now is saved as step-NN-what.png, and the control they need next is on screen where the
 * last action left it, not under the chat bubble or a sticky bar (the element at its centre is
 * the control itself or inside it), the page does not scroll sideways, nothing sticks out, and
 * axe finds nothing serious.
 */
export async function journeyStep(
  page: Page,
  testInfo: TestInfo,
  step: number,
  what: string,
  next?: Locator,
) {
  if (next) await next.waitFor();
  await page.screenshot({
    path: testInfo.outputPath(`step-${String(step).padStart(2, '0')}-${what}.png`),
  });
  if (next) {
    await expect(next, `step ${step} (${what}): the next control is on screen`).toBeInViewport();
    await expect
      .poll(() => coveredBy(next), {
        message: `step ${step} (${what}): nothing covers the next control`,
      })
      .toBe('');
  }
  expect(await fitsWidth(page), `step ${step} (${what}): no sideways scroll`).toBe(true);
  expect(await overflowingElements(page), `step ${step} (${what}): nothing sticks out`).toEqual([]);
  expect(await seriousViolations(page), `step ${step} (${what}): axe`).toEqual([]);
}

/**
 * What sits on top of the middle of `control` when it is not the control or part of it ('' when
 * nothing covers it), e.g. "button Open chat".
 */
export function coveredBy(control: Locator): Promise<string> {
  return control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return 'off screen';
    const top = document.elementFromPoint(x, y);
    if (!top || element === top || element.contains(top)) return '';
    // A label wrapping its checkbox, or a control whose text is inside it.
    if (top.contains(element) && top.tagName === 'LABEL') return '';
    if (element instanceof HTMLInputElement && element.labels) {
      for (const label of Array.from(element.labels)) if (label.contains(top)) return '';
    }
    return `${top.tagName.toLowerCase()} ${(top.getAttribute('aria-label') ?? top.textContent ?? '').trim().slice(0, 40)}`;
  });
}
