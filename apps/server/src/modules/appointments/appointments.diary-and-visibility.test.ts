import { APPOINTMENT_MESSAGES as M } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts';
import { cases } from '../../db/schema';
import {
  useAppointmentsTestContext,
  ctx,
  advocate,
  secondAdvocate,
  client,
  tokens,
  booking,
  post,
  freshDay,
  nextSeq,
} from './appointments-api-test-kit';

/** One diary without overlaps, and who sees what, against a real database (PGlite, or PostgreSQL
 * with npm run test:api:pg). */

useAppointmentsTestContext();

describe('one diary, no overlaps', () => {
  it("a client who does not choose gets their open case's advocate first", async () => {
    const date = freshDay();
    // Amani's open case is Otieno's; without a case the least busy advocate (Wanjiru) would do.
    await ctx.database.db.insert(cases).values({
      caseNumber: `MWA/2026/${String(9000 + nextSeq()).padStart(4, '0')}`,
      title: 'Boundary dispute in Ruiru',
      description: 'A neighbour has fenced part of the plot.',
      category: 'property',
      priority: 'medium',
      clientId: client.id,
      assigneeId: secondAdvocate.id,
    });
    const booked = await post(booking({ date, time: '10:00' }), tokens.client);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().appointment.advocateId).toBe(secondAdvocate.id);
    // Another client, with no case, gets the advocate with the lighter day.
    const other = await post(booking({ date, time: '10:00' }), tokens.otherClient);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().appointment.advocateId).toBe(advocate.id);
  });
  it('a taken slot answers 409 with the times still free; another advocate still takes it', async () => {
    const date = freshDay();
    const first = await post(
      booking({ date, time: '09:00', advocateId: advocate.id }),
      tokens.client,
    );
    expect(first.statusCode).toBe(201);
    const clash = await post(
      booking({ date, time: '09:00', advocateId: advocate.id }),
      tokens.otherClient,
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: M.slotTaken, code: 'SLOT_TAKEN' });
    expect(clash.json().times).not.toContain('09:00');
    expect(clash.json().times).toContain('10:00');
    // Without a chosen advocate, a free one gets it.
    const assigned = await post(booking({ date, time: '09:00' }), tokens.otherClient);
    expect(assigned.statusCode).toBe(201);
    expect(assigned.json().appointment.advocateId).toBe(secondAdvocate.id);
    const none = await post(booking({ date, time: '09:00' }), tokens.otherClient);
    expect(none.statusCode).toBe(409);
    const slots = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointments/availability?date=${date}`,
    });
    expect(slots.json().times).not.toContain('09:00');
  });

  it('overlapping but not identical ranges clash; back-to-back ones do not', async () => {
    const date = freshDay();
    const long = await post(
      booking({
        date,
        time: '09:00',
        type: 'court_appearance',
        clientId: client.id,
        advocateId: advocate.id,
      }),
      tokens.advocate,
    ); // 09:00–11:00
    expect(long.statusCode).toBe(201);
    const inside = await post(
      booking({ date, time: '10:00', clientId: client.id, advocateId: advocate.id }),
      tokens.advocate,
    );
    expect(inside.statusCode).toBe(409);
    const after = await post(
      booking({ date, time: '11:00', clientId: client.id, advocateId: advocate.id }),
      tokens.advocate,
    );
    expect(after.statusCode).toBe(201);
  });

  it.each([
    ['the same slot', () => ({ time: '15:00' }), () => ({ time: '15:00' })],
    [
      'overlapping ranges',
      () => ({ time: '14:00', type: 'court_appearance' }),
      () => ({ time: '15:00', durationMinutes: 60 }),
    ],
  ])('100 concurrent requests for %s: one 201, the rest 409, one row', async (_name, even, odd) => {
    const date = freshDay();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(
          booking({
            date,
            clientId: client.id,
            advocateId: advocate.id,
            ...(i % 2 ? odd() : even()),
          }),
          tokens.advocate,
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    // Every answer's status and message, should one be unexpected.
    const counts = new Map<string, number>();
    for (const response of responses) {
      const answer = `${response.statusCode} ${response.json().message ?? ''}`;
      counts.set(answer, (counts.get(answer) ?? 0) + 1);
    }
    const answers = JSON.stringify([...counts].map(([answer, n]) => `${n} × ${answer}`));
    expect(
      statuses.filter((status) => status === 201),
      answers,
    ).toHaveLength(1);
    expect(
      statuses.filter((status) => status === 409),
      answers,
    ).toHaveLength(99);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointments?from=${date}&to=${date}&advocateId=${advocate.id}`,
      headers: bearer(tokens.advocate),
    });
    expect(list.json().total).toBe(1);
  });
});

describe('who sees what', () => {
  it("a client lists only their own; another's answers 404", async () => {
    const created = await post(booking({ date: freshDay() }), tokens.otherClient);
    const id = created.json().appointment.id;
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/appointments?limit=100',
      headers: bearer(tokens.client),
    });
    expect(
      mine.json().appointments.every((a: { clientId: string }) => a.clientId === client.id),
    ).toBe(true);
    for (const request of [
      { method: 'GET' as const, url: `/api/appointments/${id}` },
      {
        method: 'PUT' as const,
        url: `/api/appointments/${id}`,
        payload: { date: freshDay(), time: '10:00' },
      },
      { method: 'PATCH' as const, url: `/api/appointments/${id}/cancel`, payload: { reason: 'x' } },
    ]) {
      const response = await ctx.app.inject({ ...request, headers: bearer(tokens.client) });
      expect(response.statusCode, request.method).toBe(404);
    }
  });

  it('a client may only reschedule, not confirm or set the fee', async () => {
    const id = (await post(booking({ date: freshDay() }), tokens.client)).json().appointment.id;
    for (const payload of [
      { status: 'confirmed' },
      { feeKsh: 0 },
      { paymentStatus: 'paid', paymentMethod: 'cash' },
    ]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/appointments/${id}`,
        payload,
        headers: bearer(tokens.client),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
    }
  });
});
