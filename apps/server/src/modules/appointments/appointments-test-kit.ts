import { addDays, dayOfWeek, nairobiToday } from '@firm/shared';
import type { TestContext } from '../../../test/helpers';
import { isKenyanPublicHoliday } from '../../lib/kenyan-holidays';

/**
 * The first Monday–Friday that is not a Kenyan public holiday, at least `minDaysAhead` days after
 * `now`'s Nairobi day: tests never depend on today being a weekday.
 */
export function nextOpenWeekday(minDaysAhead = 3, now = new Date()): string {
  let day = addDays(nairobiToday(now), minDaysAhead);
  while (dayOfWeek(day) === 0 || dayOfWeek(day) === 6 || isKenyanPublicHoliday(day)) {
    day = addDays(day, 1);
  }
  return day;
}

/** The token of the private link in the last email sent to `to` that carries one. */
export function visitorLinkToken(
  mail: { to: string | unknown; text?: string | unknown }[],
  to: string,
): string {
  const sent = mail.filter((message) => message.to === to);
  for (const message of sent.reverse()) {
    const link = /\/appointments\/manage#token=([\w-]+)/.exec(String(message.text));
    if (link) return link[1]!;
  }
  throw new Error(`no booking link was emailed to ${to}`);
}

/**
 * The visitor confirms their held booking from the emailed link (ADR 022): the firm
 * hears of a visitor's booking only then.
 */
export async function confirmVisitorBooking(ctx: TestContext, email: string) {
  await ctx.app.backgroundTasks.drain();
  const token = visitorLinkToken(ctx.mail, email);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointments/manage/confirm',
    payload: { token },
  });
}
