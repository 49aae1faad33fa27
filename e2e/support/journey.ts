import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { fitsWidth, overflowingElements, seriousViolationsOnce } from './page-checks';

/**
 * One step of a whole journey (docs/journeys.md lists them): the page as the person sees
 * it now is saved as step-NN-what.png, and the control they need next is on screen where the
 * last action left it, not under the chat bubble or a sticky bar (the element at its centre is
 * the control itself or inside it), the page does not scroll sideways, nothing sticks out, and
 * axe finds nothing serious the first time the test shows this screen at this size.
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
  expect(await seriousViolationsOnce(page, testInfo), `step ${step} (${what}): axe`).toEqual([]);
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

/** "Monday, 30 November 2026", as the booking calendar names a day. */
export const longDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Nairobi',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00+03:00`));

/** "Mon 30 Nov 2026", as the emails write a day (the shared formatter). */
export const shortDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Nairobi',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
    .format(new Date(`${date}T12:00:00+03:00`))
    .replace(',', '');

/**
 * A day (YYYY-MM-DD) as a person types it into the portal's date fields, day/month/year:
 * "14/12/2026" (with `time`, a 24-hour "14/12/2026 08:30").
 */
export const typedDay = (date: string, time?: string) =>
  `${date.split('-').reverse().join('/')}${time ? ` ${time}` : ''}`;

/** The day `days` after `date` (YYYY-MM-DD). */
export const addDays = (date: string, days: number) => {
  const moved = new Date(`${date}T12:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
};

/** Two open weekdays at least 5 days ahead (Nairobi), from the server's month calendar. */
export async function openWeekdays(
  request: APIRequestContext,
  type: 'preliminary_call' | 'consultation',
  daysAhead = 5,
): Promise<[string, string]> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const closed = new Set<string>();
  const seen = new Set<string>();
  const found: string[] = [];
  for (let day = addDays(today, daysAhead); found.length < 2; day = addDays(day, 1)) {
    const month = day.slice(0, 7);
    if (!seen.has(month)) {
      seen.add(month);
      const answer = await request.get(`/api/appointments/calendar?month=${month}&type=${type}`);
      const body = (await answer.json()) as { closedDays: string[]; fullDays?: string[] };
      for (const closedDay of [...body.closedDays, ...(body.fullDays ?? [])]) closed.add(closedDay);
    }
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !closed.has(day)) found.push(day);
  }
  return [found[0]!, found[1]!];
}

/**
 * Books a staff appointment on `date` at a time the diary still offers, taken from the end of the
 * day (`fromEnd` picks which: two runs of one spec take different ones). Other specs book the same
 * open weekdays on the shared server, so a fixed time can already be taken; a time taken between
 * the availability read and the booking answers 409 and the next free one is tried.
 */
export async function bookAtFreeTime(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown> & { date: string; type: string },
  fromEnd = 0,
): Promise<{ time: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const free = await request.get(
    `/api/appointments/availability?date=${body.date}&type=${body.type}`,
    { headers },
  );
  expect(free.status(), await free.text()).toBe(200);
  const times = ((await free.json()) as { times: string[] }).times.slice().reverse();
  for (const time of times.slice(fromEnd)) {
    const booked = await request.post('/api/appointments', { headers, data: { ...body, time } });
    if (booked.status() === 201) return { time };
    expect(booked.status(), await booked.text()).toBe(409);
  }
  throw new Error(`No free ${body.type} time is left on ${body.date}`);
}

/**
 * Moves the calendar on to the month of `date` (a person taps Next month) and taps the day. The
 * calendar is waited for first: a dialog that is still opening has no day yet, and tapping Next
 * month then would pass the month by.
 */
export async function pickDay(scope: Page | Locator, date: string) {
  const next = scope.getByRole('button', { name: 'Next month' });
  await next.waitFor();
  const day = scope.getByRole('button', { name: longDay(date), exact: true });
  for (let i = 0; i < 4 && !(await day.isVisible()); i += 1) await next.click();
  await day.click();
}

/** Picks `date` in the booking calendar (moving to its month) and then the start time `time`. */
export async function pickSlot(scope: Page | Locator, date: string, time: string) {
  await pickDay(scope, date);
  await scope.getByRole('radio', { name: time }).check();
}

export const isCutOff = (text: Locator) =>
  text.evaluate(
    (element) =>
      element.scrollWidth > element.clientWidth + 1 ||
      element.scrollHeight > element.clientHeight + 1,
  );

/** Whether the WhatsApp chat bubble is on screen over any part of `target`. */
export async function bubbleOverlaps(page: Page, target: Locator): Promise<boolean> {
  const launcher = page.getByRole('button', { name: /^(Open|Close) chat/ });
  if (!(await launcher.isVisible())) return false;
  const a = (await launcher.boundingBox())!;
  const b = (await target.boundingBox())!;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Scrolls as a person reading down might stop: with `target` level with the chat bubble at the
 * foot of the screen (its middle at the bubble's middle), where a bubble that only looks at its
 * own corners misses a button's end.
 */
export const scrollLevelWithBubble = (page: Page, target: Locator) =>
  target.evaluate((element) => {
    const bubble = document.querySelector('[data-chat-launcher]');
    const rect = element.getBoundingClientRect();
    const level = bubble
      ? bubble.getBoundingClientRect().top + bubble.getBoundingClientRect().height / 2
      : window.innerHeight - 44;
    window.scrollBy(0, rect.top + rect.height / 2 - level);
  });
