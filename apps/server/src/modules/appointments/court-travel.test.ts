import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';
import type { UserRow } from '../../db/schema';
import { nextOpenWeekday } from './appointments-test-kit';

/**
 * ADR 025: an advocate's court date blocks their consultations, from the firm's travel time before
 * the hearing until the hearing (a court appearance's two hours) and the travel after it, in the
 * free times, the month's calendar and a booking (409 with the day's remaining times).
 */

let ctx: TestContext;
let advocate: UserRow;
let client: UserRow;
const tokens = { advocate: '', client: '' };
// The firm's only advocate is at Kiambu High Court from 08:30 (Nairobi) on an open weekday.
const day = nextOpenWeekday(6);

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'wambui.gathoni-ndirangu@court-travel.test',
    firstName: 'Wambui',
    lastName: 'Gathoni-Ndirangu',
  });
  client = await seedUser(ctx, {
    role: 'client',
    email: 'omondi.ochieng-achola@court-travel.test',
    firstName: 'Omondi',
    lastName: 'Ochieng-Achola',
  });
  tokens.advocate = await sessionFor(ctx, advocate);
  tokens.client = await sessionFor(ctx, client);
  await seedCase(ctx, client.id, {
    assigneeId: advocate.id,
    court: 'Kiambu High Court',
    courtDate: new Date(`${day}T08:30:00+03:00`),
  });
});
afterAll(() => ctx.close());

async function freeTimes() {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/appointments/availability?date=${day}&type=consultation`,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().times as string[];
}

async function setTravel(minutes: unknown) {
  const current = await ctx.app.inject({
    method: 'GET',
    url: '/api/settings/firm',
    headers: bearer(tokens.advocate),
  });
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/settings/firm',
    payload: { ...current.json().settings, courtTravelMinutes: minutes },
    headers: bearer(tokens.advocate),
  });
}

describe('an advocate’s court date in the diary', () => {
  it('takes the morning out of the free times: travel (60 minutes by default), hearing, travel', async () => {
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/firm',
      headers: bearer(tokens.advocate),
    });
    expect(settings.json().settings.courtTravelMinutes).toBe(60);
    // 07:30 to 11:30: neither 09:00, 10:00 nor 11:00 can be met at Upper Hill.
    expect(await freeTimes()).toEqual(['14:00', '15:00', '16:00']);
  });

  it('refuses a booking then, with the day’s remaining times', async () => {
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        title: 'Advice on a land sale agreement for a plot in Ruaka',
        type: 'consultation',
        description: 'The seller wants the balance before the transfer is registered.',
        date: day,
        time: '09:00',
      },
      headers: bearer(tokens.client),
    });
    expect(booked.statusCode, booked.body).toBe(409);
    expect(booked.json()).toMatchObject({
      code: 'SLOT_TAKEN',
      message: 'That time is no longer available',
      times: ['14:00', '15:00', '16:00'],
    });
  });

  it('refuses a move into it too, with the day’s remaining times', async () => {
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        title: 'Follow-up on the Ruaka land sale agreement',
        type: 'consultation',
        description: 'The seller answered our letter; what next?',
        date: day,
        time: '15:00',
      },
      headers: bearer(tokens.client),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${booked.json().appointment.id}`,
      payload: { date: day, time: '10:00' },
      headers: bearer(tokens.client),
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'SLOT_TAKEN', times: ['14:00', '15:00', '16:00'] });
  });

  it('follows the travel time the firm sets, which must be 0 to 240 minutes', async () => {
    const tooLong = await setTravel(300);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({
      courtTravelMinutes: 'Enter a whole number of minutes from 0 to 240',
    });

    const none = await setTravel(0);
    expect(none.statusCode, none.body).toBe(200);
    // 08:30 to 10:30 in court: 11:00 is free again (15:00 is the client's).
    expect(await freeTimes()).toEqual(['11:00', '14:00', '16:00']);
  });
});
