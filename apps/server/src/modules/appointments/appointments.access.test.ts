import { expect } from 'vitest';
import {
  APPOINTMENT_MESSAGES as M,
  WEEKDAY_START_TIMES,
  can,
  nairobiInstant,
  type Appointment,
} from '@firm/shared';
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
  // Recording a payment is its own rule: canManageCases, not the diary's toggle.
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

/**
 * A booking's email and phone (ADR 021): every admin lists the diary, but only advocates, admins
 * who schedule appointments or admit clients, and a client for their own see who to contact; the
 * other admins get the name without them, and their search does not match an email. Staff callers
 * look at a visitor's booking, a client at their own.
 */
const VISITOR_PHONE = '+254712000111';

async function bookingToInspect(ctx: TestContext, caller: Caller) {
  const { advocate } = await peopleOf(ctx);
  const isClient = caller.actor?.role === 'client' && caller.user;
  const { date, time } = nextSlot();
  const startsAt = nairobiInstant(date, time);
  const email = isClient ? caller.user!.email : `visitor-${(seq += 1)}@walk-in.test`;
  const row = await insertAppointment(ctx.database.db, {
    title: `Contact check ${(seq += 1)}`,
    description: 'A booking whose contact details are looked for',
    type: 'consultation',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    durationMinutes: 30,
    feeKsh: 5000,
    clientId: isClient ? caller.user!.id : null,
    clientFirstName: 'Wanjiku',
    clientLastName: 'Visitor',
    clientEmail: email,
    clientPhone: VISITOR_PHONE,
    advocateId: advocate.id,
  });
  return { row, email };
}

/** The email each caller's last booking was made with, for the checks. */
const inspected = new Map<string, { id: string; email: string }>();

function expectContact(appointments: Appointment[], caller: Caller) {
  const booking = inspected.get(caller.name)!;
  const shown = appointments.filter((appointment) => appointment.id === booking.id);
  if (!can(caller.actor, 'appointments:contact', { clientId: caller.user?.id })) {
    // Not found by the email, and without it or the phone when found by the name.
    if (shown.length === 0) return;
    expect(shown[0]).toMatchObject({
      client: 'Wanjiku Visitor',
      clientEmail: null,
      clientPhone: null,
    });
    expect(JSON.stringify(shown[0])).not.toContain(booking.email);
    return;
  }
  expect(shown).toHaveLength(1);
  expect(shown[0]).toMatchObject({ clientEmail: booking.email, clientPhone: VISITOR_PHONE });
}

describeAccessMatrix("a booking's email and phone", {
  'GET /appointments/:id': {
    action: 'appointments:view',
    allowed: 200,
    request: async (ctx, caller) => {
      const { row, email } = await bookingToInspect(ctx, caller);
      inspected.set(caller.name, { id: row.id, email });
      return { method: 'GET', url: `/api/appointments/${row.id}` };
    },
    check: (body, caller) =>
      expectContact([(body as { appointment: Appointment }).appointment], caller),
  },
  'GET /appointments?search=<title>': {
    action: 'appointments:view',
    allowed: 200,
    request: async (ctx, caller) => {
      const { row, email } = await bookingToInspect(ctx, caller);
      inspected.set(caller.name, { id: row.id, email });
      return { method: 'GET', url: `/api/appointments?search=${encodeURIComponent(row.title)}` };
    },
    check: (body, caller) => {
      const { appointments } = body as { appointments: Appointment[] };
      expect(appointments).toHaveLength(1);
      expectContact(appointments, caller);
    },
  },
  'GET /appointments?search=<email>': {
    action: 'appointments:view',
    allowed: 200,
    request: async (ctx, caller) => {
      const { row, email } = await bookingToInspect(ctx, caller);
      inspected.set(caller.name, { id: row.id, email });
      return { method: 'GET', url: `/api/appointments?search=${encodeURIComponent(email)}` };
    },
    check: (body, caller) => {
      const { appointments } = body as { appointments: Appointment[] };
      const maySee = can(caller.actor, 'appointments:contact', { clientId: caller.user?.id });
      // A client's own bookings all carry their email: theirs are found, a visitor's are not.
      if (!maySee) expect(appointments).toEqual([]);
      expectContact(appointments, caller);
    },
  },
});
