import { expect } from 'vitest';
import { APPOINTMENT_MESSAGES as M, WEEKDAY_START_TIMES, nairobiInstant } from '@firm/shared';
import {
  describeAccessMatrix,
  standardCallers,
  type Caller,
  type MatrixEndpoint,
} from '../../../test/access-matrix';
import { seedUser } from '../../../test/accounts';
import type { TestContext } from '../../../test/helpers';
import type { UserRow } from '../../db/schema';
import { nextOpenWeekday } from './appointments-test-kit';
import { insertAppointment } from './appointments.repository';

/**
 * Who may call what: every signed-in /api/appointments endpoint for every kind of caller, the
 * table generated from `can()` (test/access-matrix.ts). Each allowed call really happens, on an
 * appointment made for it (a client's own; staff's any client's).
 */

let seq = 0;
const people = new WeakMap<TestContext, { advocate: UserRow; client: UserRow }>();

async function peopleOf(ctx: TestContext) {
  let found = people.get(ctx);
  if (!found) {
    found = {
      advocate: await seedUser(ctx, { role: 'advocate', email: `diary-${(seq += 1)}@matrix.test` }),
      client: await seedUser(ctx, { role: 'client', email: `booker-${(seq += 1)}@matrix.test` }),
    };
    people.set(ctx, found);
  }
  return found;
}

/** A new start time each call, in one advocate's diary: no two targets clash. */
let day = nextOpenWeekday(5);
let timeIndex = 0;
function nextSlot(): { date: string; time: string } {
  if (timeIndex === WEEKDAY_START_TIMES.length) {
    day = nextOpenWeekday(1, nairobiInstant(day, '12:00'));
    timeIndex = 0;
  }
  return { date: day, time: WEEKDAY_START_TIMES[(timeIndex += 1) - 1]! };
}

/** An appointment for the caller if a client (their own), otherwise for the matrix's client. */
async function targetFor(ctx: TestContext, caller: Caller): Promise<string> {
  const { advocate, client } = await peopleOf(ctx);
  const owner = caller.actor?.role === 'client' && caller.user ? caller.user : client;
  const { date, time } = nextSlot();
  const startsAt = nairobiInstant(date, time);
  const row = await insertAppointment(ctx.database.db, {
    title: 'Matrix appointment',
    description: 'Made for the access matrix',
    type: 'consultation',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    durationMinutes: 30,
    feeKsh: 5000,
    clientId: owner.id,
    clientFirstName: owner.firstName,
    clientLastName: owner.lastName,
    clientEmail: owner.email,
    advocateId: advocate.id,
  });
  return row.id;
}

const schedulers = { action: 'appointments:schedule', deniedMessage: M.accessDenied } as const;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /appointments': {
    action: 'appointments:view',
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/appointments?status=scheduled' }),
  },
  'GET /appointments/clients': {
    ...schedulers,
    allowed: 200,
    request: async (ctx) => {
      await peopleOf(ctx); // the one client named "booker-…"
      return { method: 'GET', url: '/api/appointments/clients?search=booker' };
    },
    check: (body, caller) => {
      const { clients } = body as { clients: { email: string }[] };
      if (caller.actor?.role === 'client') expect(clients).toEqual([]);
      else
        expect(clients.map((client) => client.email)).toEqual([expect.stringMatching(/^booker-/)]);
    },
  },
  'GET /appointments/:id': {
    action: 'appointments:view',
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'GET',
      url: `/api/appointments/${await targetFor(ctx, caller)}`,
    }),
  },
  'PUT /appointments/:id (reschedule)': {
    ...schedulers,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'PUT',
      url: `/api/appointments/${await targetFor(ctx, caller)}`,
      payload: nextSlot(),
    }),
  },
  // Recording a payment is its own rule: canManageCases, not the diary's toggle (issue 25).
  'PUT /appointments/:id (record payment)': {
    action: 'payments:record',
    deniedMessage: M.recordPaymentDenied,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'PUT',
      url: `/api/appointments/${await targetFor(ctx, caller)}`,
      payload: { paymentStatus: 'paid', paymentMethod: 'mpesa', paymentReference: 'SKL4QX7H2P' },
    }),
    check: (body) =>
      expect((body as { appointment: { paymentStatus: string } }).appointment.paymentStatus).toBe(
        'paid',
      ),
  },
  'PATCH /appointments/:id/cancel': {
    ...schedulers,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'PATCH',
      url: `/api/appointments/${await targetFor(ctx, caller)}/cancel`,
      payload: { reason: 'Matrix' },
    }),
  },
};

describeAccessMatrix('/api/appointments', ENDPOINTS);

/**
 * Booking is open to visitors too (the appointments tests cover them), so the matrix leaves out the
 * signed-out caller here: for everyone signed in, `can(…, 'appointments:schedule')` decides.
 */
describeAccessMatrix(
  'POST /api/appointments (signed in)',
  {
    'POST /appointments': {
      ...schedulers,
      allowed: 201,
      request: async (ctx) => ({
        method: 'POST',
        url: '/api/appointments',
        payload: {
          title: 'Matrix booking',
          type: 'consultation',
          description: 'Booked by the access matrix',
          clientId: (await peopleOf(ctx)).client.id,
          ...nextSlot(),
        },
      }),
    },
  },
  { callers: standardCallers().filter((caller) => caller.actor !== null) },
);
