import { APPOINTMENT_MESSAGES as M, defaultFirmSettings } from '@firm/shared';
import ical, { type VEvent } from 'node-ical';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { freshDays, sentMail } from './appointments-test-kit';

/**
 * A visitor's booking as someone set on abusing it would send it (ADR 022, ADR 023, ADR 015): the
 * phone cap raced by bookings that arrive together, one mailbox typed ten ways to collect more
 * automatic mail, and a name written to break the calendar file sent back with the booking.
 * visitor-booking-hold.caps-and-overlaps.test.ts holds the caps one booking at a time and the
 * email cap raced.
 */

let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await seedUser(ctx, { role: 'advocate', email: 'wanjiru.kamau@abuse.test' });
  // The daily ceiling on unconfirmed bookings is not what is tested here.
  const lifted = await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings/firm',
    headers: bearer(await sessionFor(ctx, owner)),
    payload: { ...defaultFirmSettings('firm@example.test'), visitorBookingsDailyCeiling: 500 },
  });
  expect(lifted.statusCode, lifted.body).toBe(200);
});
afterAll(() => ctx.close());
afterEach(async () => {
  await settleMail(ctx);
  ctx.mail.length = 0;
});

const freshDay = freshDays();
const TIMES = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'];

/** Open slots on days no other test here has used, six a day. */
function freshSlots(count: number): { date: string; time: string }[] {
  const days = Array.from({ length: Math.ceil(count / TIMES.length) }, () => freshDay());
  return Array.from({ length: count }, (_, i) => ({
    date: days[Math.floor(i / TIMES.length)]!,
    time: TIMES[i % TIMES.length]!,
  }));
}

/** A visitor's booking from an address of its own (the per-address limit is not what is tested). */
function book(slot: { date: string; time: string }, visitor: Record<string, string>) {
  seq += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    remoteAddress: `10.41.${Math.floor(seq / 250) % 250}.${seq % 250}`,
    payload: {
      title: 'Consultation on a title deed',
      description: 'My late father’s plot in Kiambu is still in his name.',
      type: 'consultation',
      location: 'office',
      firstName: 'Nyokabi',
      lastName: 'Wairimu-Kariuki',
      consent: true,
      ...slot,
      ...visitor,
    },
  });
}

describe('the caps on open bookings, raced', () => {
  it('20 bookings at once under one phone (spelt four ways), each with its own email: exactly 3 held', async () => {
    const spellings = ['0722 123 456', '+254722123456', '254-722-123-456', '+254 (0) 722 123 456'];
    const answers = await Promise.all(
      freshSlots(20).map((slot, i) =>
        book(slot, {
          email: `nyokabi.${i}@example.co.ke`,
          phone: spellings[i % spellings.length]!,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toMatchObject({
        message: M.tooManyOpenBookings,
        code: 'VISITOR_BOOKING_LIMIT',
      });
    }
  });
});

describe('automatic mail to an address nobody has proven (ADR 023)', () => {
  it('one Gmail mailbox typed ten ways, each with its own phone: all ten held, three emails to it', async () => {
    // Capitals, dots and +tags: Gmail delivers every one of these to njeriwambui@gmail.com.
    const spellings = [
      'njeri.wambui@gmail.com',
      'Njeri.Wambui+kiambu@gmail.com',
      'njeriwambui@gmail.com',
      'n.j.e.r.i.wambui@gmail.com',
      'njeri.wambui+land@googlemail.com',
      'NJERIWAMBUI+1@GMAIL.COM',
      'nje.ri.wam.bui@gmail.com',
      'njeriwambui+title.deed@gmail.com',
      'njeri.wa.mbui@googlemail.com',
      'n.jeriwambui+x@gmail.com',
    ];
    const slots = freshSlots(spellings.length);
    const statuses: number[] = [];
    for (const [i, email] of spellings.entries()) {
      const answer = await book(slots[i]!, { email, phone: `+254 733 40${i} ${100 + i}` });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual(spellings.map(() => 201));
    const typed = new Set(spellings.map((email) => email.toLowerCase()));
    const toMailbox = (await sentMail(ctx)).filter((mail) => typed.has(mail.to.toLowerCase()));
    expect(toMailbox).toHaveLength(3);
    // The first three spellings got them; the later ones were held without mail.
    expect(toMailbox.map((mail) => mail.to.toLowerCase())).toEqual(
      spellings.slice(0, 3).map((email) => email.toLowerCase()),
    );
  });
});

describe("the calendar file sent back with a visitor's booking (ADR 015)", () => {
  it('a name with double quotes and apostrophes gives attendee lines a calendar app can read', async () => {
    const [slot] = freshSlots(1);
    const answer = await book(slot!, {
      firstName: 'Wanjiku "Shiku"',
      lastName: "N'ganga-Muthoni",
      email: 'shiku.nganga@example.co.ke',
      phone: '0711 999 000',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const calendar = answer.json().calendar as string;
    const lines = calendar.replace(/\r\n[ \t]/g, '').split('\r\n');
    const withName = lines.filter((line) => line.includes('CN='));
    expect(withName.length).toBeGreaterThan(0);
    // RFC 5545: a parameter value is plain text or one quoted string, with no DQUOTE inside.
    for (const line of withName) expect(line).toMatch(/CN=("[^"]*"|[^";:,]*)[;:]/);
    const event = Object.values(ical.sync.parseICS(calendar)).find(
      (item) => item?.type === 'VEVENT',
    ) as VEvent;
    const attendee = event.attendee as unknown as { params: { CN: string }; val: string };
    expect(attendee.params.CN).toBe("Wanjiku 'Shiku' N'ganga-Muthoni");
    expect(attendee.val).toBe('MAILTO:shiku.nganga@example.co.ke');
  });
});
