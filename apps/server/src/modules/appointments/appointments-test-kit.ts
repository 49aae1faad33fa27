import { addDays, dayOfWeek, nairobiToday } from '@firm/shared';
import ical, { type VEvent } from 'node-ical';
import { settleMail, type TestContext } from '../../../test/helpers';
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

/**
 * A picker of open weekdays, from `minDaysAhead` on, that hands each day out once: each test of a
 * file gets its own diary, whatever the others booked.
 */
export function freshDays(minDaysAhead = 3): () => string {
  const used = new Set<string>();
  let offset = minDaysAhead;
  return () => {
    let day = nextOpenWeekday(offset);
    while (used.has(day)) day = nextOpenWeekday((offset += 1));
    used.add(day);
    return day;
  };
}

/** The appointment in an email's calendar file, and the file's text. */
export function calendarOf(mail: { attachments?: { content: string | Buffer }[] }) {
  const content = String(mail.attachments?.[0]?.content ?? '');
  const event = Object.values(ical.sync.parseICS(content)).find(
    (item) => item?.type === 'VEVENT',
  ) as VEvent;
  return { content, event };
}

/** A request through a visitor's emailed link: POST /api/appointments/manage`path`. */
export function manageByLink(
  ctx: TestContext,
  path: string,
  payload: Record<string, unknown>,
  remoteAddress?: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/appointments/manage${path}`,
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The mail sent so far, once the emails queued in the background and in the outbox have gone. */
export async function sentMail(ctx: TestContext) {
  await settleMail(ctx);
  return ctx.mail;
}

/**
 * Forgets the mail sent so far, once everything queued has gone: a mail still in the outbox
 * would otherwise arrive after the clearing and be read as the next step's.
 */
export async function clearMail(ctx: TestContext) {
  await settleMail(ctx);
  ctx.mail.length = 0;
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
  const token = visitorLinkToken(await sentMail(ctx), email);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointments/manage/confirm',
    payload: { token },
  });
}
