import {
  CASE_STATUS_MOVES,
  NOTIFICATION_MESSAGES,
  formatNairobiDayTime,
  type CaseStatus,
  type NotificationKind,
} from '@firm/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointments, notifications, type UserRow } from '../../db/schema';
import {
  advocatePayload,
  bearer,
  seedUser,
  sessionFor,
  TEST_SUPER_KEY,
} from '../../../test/accounts';
import { multipartFile, PDF_BYTES, seedCase } from '../../../test/cases';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { confirmVisitorBooking, nextOpenWeekday } from '../appointments/appointments-test-kit';
import { sendDueReminders } from '../appointments/appointment-reminders';
import { notifyAppointmentReminder } from './notify-appointment-events';
import { lastSequence } from './notifications.repository';
import {
  countIs,
  isNotification,
  listeningPort,
  openStream,
  type StreamEvent,
} from './notifications-test-kit';

let ctx: TestContext;
let people: Record<
  | 'assignee'
  | 'otherAdvocate'
  | 'filesAdmin'
  | 'plainAdmin'
  | 'scheduleAdmin'
  | 'admitAdmin'
  | 'client'
  | 'otherClient',
  UserRow
>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  // A short heartbeat, so its keep-alive and session check run within the tests.
  ctx = await createTestContext(
    { ADVOCATE_SUPER_KEY: TEST_SUPER_KEY },
    { notifications: { heartbeatMs: 200 } },
  );
  const seed = async (
    key: keyof typeof people,
    role: 'advocate' | 'admin' | 'client',
    permissions = {},
  ) => {
    const user = await seedUser(ctx, {
      role,
      email: `${key.toLowerCase()}@notify.test`,
      firstName: key,
      lastName: 'Test',
      // Signed in before: a never-signed-in client's case email carries an invitation (ADR 024).
      lastLogin: new Date(),
      permissions,
    });
    tokens[key] = await sessionFor(ctx, user);
    return user;
  };
  people = {
    assignee: await seed('assignee', 'advocate'),
    otherAdvocate: await seed('otherAdvocate', 'advocate'),
    filesAdmin: await seed('filesAdmin', 'admin', { canOpenFiles: true, canManageCases: true }),
    plainAdmin: await seed('plainAdmin', 'admin'),
    scheduleAdmin: await seed('scheduleAdmin', 'admin', { canScheduleAppointments: true }),
    admitAdmin: await seed('admitAdmin', 'admin', { canAdmitClients: true }),
    client: await seed('client', 'client'),
    otherClient: await seed('otherClient', 'client'),
  };
});
afterAll(() => ctx.close());

const as = (who: keyof typeof people) => bearer(tokens[who]!);
const nameOf = new Map<string, string>();
beforeAll(() => {
  for (const [key, user] of Object.entries(people)) nameOf.set(user.id, key);
});

/** Who holds a notification of `kind`, by their key above, sorted. */
async function notified(kind: NotificationKind): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.kind, kind));
  return rows.map((row) => nameOf.get(row.userId) ?? row.userId).sort();
}

const clearAll = () => ctx.database.db.delete(notifications);

/** The case's next status move, made by the assignee: one notification for its client. */
const bump = async (caseId: string) => {
  const row = await ctx.app.inject({
    method: 'GET',
    url: `/api/cases/${caseId}`,
    headers: as('assignee'),
  });
  const current = row.json().case as { version: number; status: CaseStatus };
  const next = CASE_STATUS_MOVES[current.status][0];
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/cases/${caseId}`,
    headers: as('assignee'),
    payload: { version: current.version, status: next },
  });
  // Round and round: pending, in progress, completed, closed, reopened (the assignee is an advocate).
  expect(response.statusCode, response.body).toBe(200);
};

async function openCase(payload: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/cases',
    headers: as('otherAdvocate'),
    payload: {
      title: 'Succession of the late J. Kamau',
      description: 'Letters of administration.',
      category: 'family',
      priority: 'medium',
      clientId: people.client.id,
      ...payload,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().case as { id: string; version: number; caseNumber: string };
}

describe('who is notified of what', () => {
  beforeEach(clearAll);

  it('a case opened: its client, and the assignee who may open case files', async () => {
    const opened = await openCase({ assignedTo: people.filesAdmin.id });
    expect(await notified('case_opened')).toEqual(['client']);
    expect(await notified('case_assigned')).toEqual(['filesAdmin']);
    const [row] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'case_opened'));
    expect(row).toMatchObject({
      title: 'New case opened',
      message: `Case ${opened.caseNumber} has been opened for you.`,
      actionUrl: `/cases/${opened.id}`,
      type: 'info',
    });

    // An admin who may not open case files is not told of a case assigned to them.
    await clearAll();
    await openCase({ assignedTo: people.plainAdmin.id });
    expect(await notified('case_assigned')).toEqual([]);
    expect(await notified('case_opened')).toEqual(['client']);
  });

  it('a status change: the client and the assignee, not whoever made it, nor anyone else', async () => {
    const row = await seedCase(ctx, people.client.id, { assigneeId: people.assignee.id });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/cases/${row.id}`,
      headers: as('otherAdvocate'),
      payload: { version: row.version, status: 'in_progress' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await notified('case_status_changed')).toEqual(['assignee', 'client']);

    // Made by the assignee: only the client hears.
    await clearAll();
    const again = await ctx.app.inject({
      method: 'PUT',
      url: `/api/cases/${row.id}`,
      headers: as('assignee'),
      payload: { version: response.json().case.version, status: 'completed' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await notified('case_status_changed')).toEqual(['client']);
  });

  it('notes and documents: the client only of what is shared with them, never an internal note', async () => {
    const row = await seedCase(ctx, people.client.id, { assigneeId: people.assignee.id });
    const note = (visibleToClient: boolean) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/cases/${row.id}/notes`,
        headers: as('otherAdvocate'),
        payload: { content: 'Hearing moved', visibleToClient },
      });
    expect((await note(false)).statusCode).toBe(201);
    expect(await notified('case_note_added')).toEqual(['assignee']);
    await clearAll();
    expect((await note(true)).statusCode).toBe(201);
    expect(await notified('case_note_added')).toEqual(['assignee', 'client']);

    await clearAll();
    const file = multipartFile('plaint.pdf', PDF_BYTES, 'application/pdf');
    const upload = (who: keyof typeof people, query = '') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/cases/${row.id}/documents${query}`,
        headers: { ...as(who), ...file.headers },
        payload: file.payload,
      });
    expect((await upload('otherAdvocate')).statusCode).toBe(201);
    expect(await notified('case_document_added')).toEqual(['assignee']);
    await clearAll();
    expect((await upload('otherAdvocate', '?visibleToClient=true')).statusCode).toBe(201);
    expect(await notified('case_document_added')).toEqual(['assignee', 'client']);
    // The client's own upload: the assignee hears, not the client.
    await clearAll();
    expect((await upload('client')).statusCode).toBe(201);
    expect(await notified('case_document_added')).toEqual(['assignee']);
  });

  it('appointments: requests to the staff who schedule; changes by staff to the client', async () => {
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: as('client'),
      payload: {
        title: 'Land sale agreement',
        type: 'consultation',
        description: 'Review of a sale agreement.',
        date: nextOpenWeekday(5),
        time: '10:00',
        advocateId: people.assignee.id,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().appointment.id as string;
    expect(await notified('appointment_booked')).toEqual([
      'assignee',
      'otherAdvocate',
      'scheduleAdmin',
    ]);

    const confirmed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}`,
      headers: as('otherAdvocate'),
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await notified('appointment_confirmed')).toEqual(['assignee', 'client']);

    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}`,
      headers: as('assignee'),
      payload: { date: nextOpenWeekday(6), time: '11:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await notified('appointment_rescheduled')).toEqual(['client']);

    const cancelled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${id}/cancel`,
      headers: as('client'),
      payload: { reason: 'Travelling' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await notified('appointment_cancelled')).toEqual([
      'assignee',
      'otherAdvocate',
      'scheduleAdmin',
    ]);
  });

  it('booked by staff for a client: the client and the advocate; moved to another advocate: the one who lost it too', async () => {
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: as('scheduleAdmin'),
      payload: {
        title: 'Lease review',
        type: 'consultation',
        description: 'Review of a lease.',
        date: nextOpenWeekday(9),
        time: '15:00',
        clientId: people.client.id,
        advocateId: people.assignee.id,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().appointment.id as string;
    expect(await notified('appointment_booked')).toEqual(['assignee', 'client']);

    await clearAll();
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}`,
      headers: as('scheduleAdmin'),
      payload: { date: nextOpenWeekday(10), time: '15:00', advocateId: people.otherAdvocate.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await notified('appointment_rescheduled')).toEqual([
      'assignee',
      'client',
      'otherAdvocate',
    ]);
    const [former] = await ctx.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, people.assignee.id));
    expect(former!.message).toMatch(/has moved to another advocate's diary\.$/);
    // ADR 016: the time reads in words on a Nairobi clock, never as ISO.
    expect(former!.message).toBe(
      `The Consultation on ${formatNairobiDayTime(nextOpenWeekday(9), '15:00')} has moved to another advocate's diary.`,
    );
    const [told] = await ctx.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, people.client.id));
    expect(told!.message).toBe(
      `The Consultation on ${formatNairobiDayTime(nextOpenWeekday(10), '15:00')} has moved.`,
    );
    expect(told!.message).toMatch(
      / on (Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} [A-Z][a-z]{2} \d{4}, 15:00 /,
    );
    expect(told!.message).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // Moved again by the advocate who now has it, keeping them: no one else is told of a loss.
    await clearAll();
    const again = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}`,
      headers: as('otherAdvocate'),
      payload: { date: nextOpenWeekday(10), time: '16:00' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await notified('appointment_rescheduled')).toEqual(['client']);
  });

  it("moved or cancelled through a visitor's emailed link: the staff who schedule", async () => {
    ctx.mail.length = 0;
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        title: 'Boundary dispute',
        type: 'consultation',
        description: 'First meeting.',
        date: nextOpenWeekday(11),
        time: '16:00',
        firstName: 'Kamau',
        lastName: 'Njoroge',
        email: 'kamau@visitor.test',
        phone: '0722 345 678',
        consent: true,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await settleMail(ctx);
    const token = ctx.mail
      .map((mail) => /\/appointments\/manage#token=([\w-]+)/.exec(mail.text)?.[1])
      .find(Boolean);
    expect(token).toBeDefined();
    const manage = (path: string, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/appointments/manage/${path}`,
        payload: { token, ...payload },
      });
    const schedulers = ['assignee', 'otherAdvocate', 'scheduleAdmin'];
    // The visitor first confirms it from the email: until then it is not the firm's.
    expect((await manage('confirm', {})).statusCode).toBe(200);

    await clearAll();
    const moved = await manage('reschedule', { date: nextOpenWeekday(12), time: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await notified('appointment_rescheduled')).toEqual(schedulers);

    const cancelled = await manage('cancel', { reason: 'Settled with the neighbour' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await notified('appointment_cancelled')).toEqual(schedulers);
  });

  it("a visitor's booking and a contact message: advocates and admins who admit clients or schedule", async () => {
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        title: 'Divorce advice',
        type: 'consultation',
        description: 'First meeting.',
        date: nextOpenWeekday(7),
        time: '14:00',
        firstName: 'Achieng',
        lastName: 'Otieno',
        email: 'achieng@visitor.test',
        phone: '0712 345 678',
        consent: true,
      },
    });
    expect(visitor.statusCode, visitor.body).toBe(201);
    // Nobody hears of it until the visitor confirms it from the email.
    await settleMail(ctx);
    expect(await notified('visitor_booking_received')).toEqual([]);
    const confirmed = await confirmVisitorBooking(ctx, 'achieng@visitor.test');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const handlers = ['admitAdmin', 'assignee', 'otherAdvocate', 'scheduleAdmin'];
    expect(await notified('visitor_booking_received')).toEqual(handlers);

    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: {
        name: 'Achieng Otieno',
        email: 'achieng@example.co.ke',
        subject: 'Land title transfer',
        message: 'I would like advice on a title deed.',
        urgency: 'urgent',
        consent: true,
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    expect(await notified('contact_message_received')).toEqual(handlers);
    // Both lead to the Enquiries inbox, where they are triaged.
    const links = await ctx.database.db
      .selectDistinct({ actionUrl: notifications.actionUrl })
      .from(notifications)
      .where(inArray(notifications.kind, ['visitor_booking_received', 'contact_message_received']));
    expect(links).toEqual([{ actionUrl: '/enquiries' }]);
  });

  it("an admin's permissions changed: that admin; a registration awaiting verification: the advocates", async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user-management/admin/${people.plainAdmin.id}/permissions`,
      headers: as('assignee'),
      payload: {
        permissions: {
          canOpenFiles: false,
          canUploadFiles: false,
          canAdmitClients: false,
          canManageCases: false,
          canScheduleAppointments: false,
          canAccessReports: true,
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await notified('permissions_changed')).toEqual(['plainAdmin']);

    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: advocatePayload({ email: 'pending@notify.test' }),
      remoteAddress: '10.8.0.1',
    });
    expect(registered.statusCode, registered.body).toBe(202);
    expect(await notified('advocate_awaiting_verification')).toEqual(['assignee', 'otherAdvocate']);
  });

  it('a reminder is written once per person however often its claim is retried', async () => {
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: as('assignee'),
      payload: {
        title: 'Hearing preparation',
        type: 'consultation',
        description: 'Prepare.',
        date: nextOpenWeekday(8),
        time: '09:00',
        clientId: people.client.id,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = booked.json().appointment as { id: string; startsAt: string };
    await clearAll();
    const startsAt = new Date(appointment.startsAt);
    // Confirmed, then due: the reminder job claims it.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointment.id}`,
      headers: as('assignee'),
      payload: { status: 'confirmed' },
    });
    const deps = {
      db: ctx.database.db,
      outbox: ctx.app.outbox,
      firmNotifyEmail: 'firm@example.test',
      publicUrl: 'http://portal.test',
      mailFrom: 'firm@example.test',
      logger: ctx.app.log,
    };
    expect(await sendDueReminders(deps, new Date(startsAt.getTime() - 60 * 60 * 1000))).toBe(1);
    expect(await notified('appointment_reminder')).toEqual(['assignee', 'client']);
    // A second write for the same appointment time (a retried claim) adds nothing.
    const [row] = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, appointment.id));
    await ctx.database.db.transaction((tx) => notifyAppointmentReminder(tx, row!));
    expect(await notified('appointment_reminder')).toEqual(['assignee', 'client']);
  });
});

describe('reading, marking and removing', () => {
  let ids: string[];
  beforeAll(async () => {
    await clearAll();
    const row = await seedCase(ctx, people.client.id);
    let version = row.version;
    for (const status of ['in_progress', 'completed', 'closed'] as const) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/cases/${row.id}`,
        headers: as('assignee'),
        payload: { version, status },
      });
      expect(response.statusCode, response.body).toBe(200);
      version = response.json().case.version;
    }
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: as('client'),
    });
    ids = (list.json().notifications as { id: string }[]).map((n) => n.id);
  });

  it('lists own notifications newest first, paged, with the unread count', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications?page=1&limit=2',
      headers: as('client'),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      count: 2,
      total: 3,
      unreadCount: 3,
      pagination: { page: 1, limit: 2, pages: 2 },
    });
    expect(body.notifications.map((n: { message: string }) => n.message)).toEqual([
      expect.stringMatching(/is now closed\.$/),
      expect.stringMatching(/is now completed\.$/),
    ]);
    expect(body.notifications[0]).toMatchObject({ read: false, readAt: null, type: 'success' });
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: as('otherClient'),
    });
    expect(other.json()).toMatchObject({ total: 0, notifications: [] });
  });

  it("marks one read, then all; removes one; another person's id answers 404 and changes nothing", async () => {
    const read = await ctx.app.inject({
      method: 'PUT',
      url: `/api/notifications/${ids[0]}/read`,
      headers: as('client'),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ notification: { id: ids[0], read: true }, unreadCount: 2 });
    const unread = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications?unread=true',
      headers: as('client'),
    });
    expect(unread.json().notifications.map((n: { id: string }) => n.id)).toEqual(ids.slice(1));

    for (const request of [
      { method: 'PUT' as const, url: `/api/notifications/${ids[1]}/read` },
      { method: 'DELETE' as const, url: `/api/notifications/${ids[1]}` },
    ]) {
      const response = await ctx.app.inject({ ...request, headers: as('otherClient') });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: NOTIFICATION_MESSAGES.notFound });
    }
    const invalid = await ctx.app.inject({
      method: 'PUT',
      url: '/api/notifications/not-an-id/read',
      headers: as('client'),
    });
    expect(invalid.statusCode).toBe(400);

    const count = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: as('client'),
    });
    expect(count.json()).toEqual({ success: true, count: 2 });

    const all = await ctx.app.inject({
      method: 'PUT',
      url: '/api/notifications/read-all',
      headers: as('client'),
    });
    expect(all.json()).toMatchObject({ success: true, updated: 2, unreadCount: 0 });

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${ids[2]}`,
      headers: as('client'),
    });
    expect(removed.json()).toEqual({ success: true, unreadCount: 0 });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: as('client'),
    });
    expect(after.json().notifications.map((n: { id: string }) => n.id)).toEqual(ids.slice(0, 2));
  });
});

describe('paging by cursor (load more)', () => {
  const list = (query: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/notifications?${query}`, headers: as('client') });
  const sequencesOf = (body: { notifications: { sequence: number }[] }) =>
    body.notifications.map((n) => n.sequence);

  it('nextBefore asks for the older rows: none repeated or skipped after an arrival or a removal', async () => {
    await clearAll();
    const row = await seedCase(ctx, people.client.id);
    for (let i = 0; i < 5; i += 1) await bump(row.id);
    const first = (await list('limit=2')).json();
    const all = sequencesOf(first);
    expect(first.notifications).toHaveLength(2);
    expect(first.nextBefore).toBe(all[1]);
    const everyOne = (await list('limit=50')).json().notifications as {
      id: string;
      sequence: number;
    }[];
    expect(everyOne).toHaveLength(5);

    // Between two pages: a new one arrives on top and one not yet listed is removed.
    await bump(row.id);
    const removed = everyOne[3]!;
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/notifications/${removed.id}`,
          headers: as('client'),
        })
      ).statusCode,
    ).toBe(200);

    const second = (await list(`limit=2&before=${first.nextBefore}`)).json();
    expect(sequencesOf(second)).toEqual([everyOne[2]!.sequence, everyOne[4]!.sequence]);
    expect(second.nextBefore).toBeNull();
    // page= still answers by offset (the wire contract), newest first.
    const paged = (await list('page=2&limit=2')).json();
    expect(paged).toMatchObject({ pagination: { page: 2, limit: 2, pages: 3 } });
    expect(sequencesOf(paged)).toEqual([everyOne[1]!.sequence, everyOne[2]!.sequence]);

    const bad = await list('before=soon');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(NOTIFICATION_MESSAGES.invalidBefore);
  });
});

describe('emails to clients', () => {
  beforeEach(async () => {
    await clearAll();
    ctx.mail.length = 0;
  });

  const changeStatus = async (caseId: string, version: number, status: string) => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/cases/${caseId}`,
      headers: as('assignee'),
      payload: { version, status },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('names what happened and links to it; staff get none; a kind switched off is not sent', async () => {
    const row = await seedCase(ctx, people.client.id, { assigneeId: people.otherAdvocate.id });
    await changeStatus(row.id, row.version, 'in_progress');
    await settleMail(ctx);
    expect(ctx.mail).toHaveLength(1);
    expect(ctx.mail[0]).toMatchObject({
      to: 'client@notify.test',
      subject: 'Case status updated: Mwamba & Associates Advocates',
    });
    expect(ctx.mail[0]!.text).toContain(`Case ${row.caseNumber} is now in progress.`);
    expect(ctx.mail[0]!.text).toContain(`http://portal.test/cases/${row.id}`);

    const defaults = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/notification-preferences',
      headers: as('client'),
    });
    expect(defaults.json().preferences).toEqual({
      case_opened: true,
      case_status_changed: true,
      case_document_added: true,
      court_date_set: true,
      appointment_confirmed: true,
      appointment_rescheduled: true,
      appointment_cancelled: true,
      fee_note_issued: true,
      payment_received: true,
      message_unread: true,
    });
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/notification-preferences',
      headers: as('client'),
      payload: { case_status_changed: false },
    });
    expect(off.json().preferences).toMatchObject({
      case_status_changed: false,
      case_opened: true,
    });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/notification-preferences',
      headers: as('client'),
      payload: { case_status_changed: 'no' },
    });
    expect(bad.statusCode).toBe(400);

    ctx.mail.length = 0;
    await changeStatus(row.id, row.version + 1, 'completed');
    await settleMail(ctx);
    expect(ctx.mail).toEqual([]);
    // The bell still has it; the assignee's bell too, never by email.
    expect(await notified('case_status_changed')).toEqual([
      'client',
      'client',
      'otherAdvocate',
      'otherAdvocate',
    ]);
  });

  const sendOwedEmails = async () => {
    await settleMail(ctx);
  };
  const setPreferences = async (preferences: Record<string, boolean>) => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/notification-preferences',
      headers: as('client'),
      payload: preferences,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('a case opened for the client: an email naming it, linking to it', async () => {
    const opened = await openCase();
    await sendOwedEmails();
    expect(ctx.mail).toHaveLength(1);
    expect(ctx.mail[0]).toMatchObject({
      to: 'client@notify.test',
      subject: 'New case opened: Mwamba & Associates Advocates',
    });
    expect(ctx.mail[0]!.text).toContain(`Case ${opened.caseNumber} has been opened for you.`);
    expect(ctx.mail[0]!.text).toContain(`http://portal.test/cases/${opened.id}`);
  });

  it('a document: the client is emailed of one shared with them, never of an internal one', async () => {
    const row = await seedCase(ctx, people.client.id, { assigneeId: people.assignee.id });
    const upload = async (query: string) => {
      const file = multipartFile('affidavit.pdf', PDF_BYTES, 'application/pdf');
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/cases/${row.id}/documents${query}`,
        headers: { ...as('otherAdvocate'), ...file.headers },
        payload: file.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await upload('');
    await sendOwedEmails();
    expect(ctx.mail).toEqual([]);

    await upload('?visibleToClient=true');
    await sendOwedEmails();
    expect(ctx.mail).toHaveLength(1);
    expect(ctx.mail[0]).toMatchObject({
      to: 'client@notify.test',
      subject: 'New document: Mwamba & Associates Advocates',
    });
    expect(ctx.mail[0]!.text).toContain(`A document was added to case ${row.caseNumber}.`);
    expect(ctx.mail[0]!.text).toContain(`http://portal.test/cases/${row.id}`);
  });

  it('an appointment email switched off: no copy for the client; the kinds left on still come', async () => {
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: as('assignee'),
      payload: {
        title: 'Will drafting',
        type: 'consultation',
        description: 'Draft a will.',
        date: nextOpenWeekday(13),
        time: '14:00',
        clientId: people.client.id,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().appointment.id as string;
    await setPreferences({ appointment_confirmed: false });
    try {
      await settleMail(ctx);
      ctx.mail.length = 0;
      const confirmed = await ctx.app.inject({
        method: 'PUT',
        url: `/api/appointments/${id}`,
        headers: as('assignee'),
        payload: { status: 'confirmed' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      await settleMail(ctx);
      expect(ctx.mail.filter((mail) => mail.to === 'client@notify.test')).toEqual([]);
      // Still under the bell.
      expect(await notified('appointment_confirmed')).toEqual(['client']);

      const moved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/appointments/${id}`,
        headers: as('assignee'),
        payload: { date: nextOpenWeekday(13), time: '15:00' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await settleMail(ctx);
      expect(ctx.mail.filter((mail) => mail.to === 'client@notify.test')).toEqual([
        expect.objectContaining({ subject: expect.stringMatching(/^Your appointment has moved/) }),
      ]);
    } finally {
      await setPreferences({ appointment_confirmed: true });
    }
  });
});

describe('GET /api/notifications/stream', () => {
  let port: number;
  beforeAll(async () => {
    port = await listeningPort(ctx.app);
  });

  it('needs a session: 401 as JSON, never a stream', async () => {
    const stream = await openStream(port, null);
    expect(stream.status).toBe(401);
    expect(stream.headers['content-type']).toMatch(/application\/json/);
    stream.close();
  });

  it('sends each new notification with its sequence as the id, then the unread count', async () => {
    await clearAll();
    const row = await seedCase(ctx, people.client.id);
    const stream = await openStream(port, tokens.client!);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['content-security-policy']).toContain("default-src 'self'");
    const opening = await stream.waitFor((event) => event.event === 'unread-count');
    const unreadBefore = (JSON.parse(opening.data) as { count: number }).count;

    await bump(row.id);
    const event = await stream.waitFor(isNotification);
    const body = JSON.parse(event.data) as { sequence: number; kind: string; actionUrl: string };
    expect(event.id).toBe(String(body.sequence));
    expect(body).toMatchObject({ kind: 'case_status_changed', actionUrl: `/cases/${row.id}` });
    await stream.waitFor(countIs(unreadBefore + 1));

    // Read elsewhere (another tab): the count follows.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/notifications/read-all',
      headers: as('client'),
    });
    await stream.waitFor(countIs(0));
    stream.close();
  });

  it('a reconnect with Last-Event-ID gets what it missed, once, and nothing twice', async () => {
    await clearAll();
    const row = await seedCase(ctx, people.client.id);
    const first = await openStream(port, tokens.client!);
    await first.waitFor((event) => event.event === 'unread-count');
    await bump(row.id);
    const seen = await first.waitFor(isNotification);
    first.close();
    await first.ended;

    // While away: two more.
    await bump(row.id);
    await bump(row.id);

    const second = await openStream(port, tokens.client!, seen.id);
    const all = await ctx.database.db
      .select({ sequence: notifications.sequence })
      .from(notifications)
      .where(eq(notifications.userId, people.client.id));
    const missed = all.map((n) => String(n.sequence)).filter((s) => Number(s) > Number(seen.id));
    expect(missed).toHaveLength(2);
    await second.waitFor((event) => event.event === 'unread-count');
    const received = second.events.filter(isNotification).map((event: StreamEvent) => event.id);
    expect(received).toEqual(missed.sort((a, b) => Number(a) - Number(b)));

    // A new one after the catch-up arrives once.
    await bump(row.id);
    const next = await second.waitFor(
      (event) => isNotification(event) && Number(event.id) > Number(missed.at(-1)),
    );
    const ids = second.events.filter(isNotification).map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.at(-1)).toBe(next.id);
    second.close();
  });

  it('a wake-up heard before the stream knows where to start does not resend the history', async () => {
    await clearAll();
    const row = await seedCase(ctx, people.client.id);
    // History the page has already listed: the stream must not send it again.
    await bump(row.id);
    await bump(row.id);
    const bus = ctx.app.liveEvents;
    const subscribe = bus.subscribe;
    // An event (or a resync) arriving right after the stream subscribes, before it has read the
    // person's current sequence.
    bus.subscribe = (userId, listener) => {
      const unsubscribe = subscribe.call(bus, userId, listener);
      listener({ type: 'notification' });
      return unsubscribe;
    };
    let stream: Awaited<ReturnType<typeof openStream>>;
    try {
      stream = await openStream(port, tokens.client!);
    } finally {
      bus.subscribe = subscribe;
    }
    await stream.waitFor((event) => event.event === 'unread-count');

    await bump(row.id);
    const newest = await lastSequence(ctx.database.db, people.client.id);
    await stream.waitFor((event) => isNotification(event) && event.id === String(newest));
    expect(stream.events.filter(isNotification).map((event) => event.id)).toEqual([String(newest)]);
    stream.close();
  });

  it("ends when the session is revoked, and doesn't hear of other people's notifications", async () => {
    const token = await sessionFor(ctx, people.otherClient);
    const stream = await openStream(port, token);
    await stream.waitFor((event) => event.event === 'unread-count');
    const row = await seedCase(ctx, people.client.id);
    await bump(row.id);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBeLessThan(300);
    await stream.ended;
    expect(stream.events.filter(isNotification)).toEqual([]);
  });
});

describe('server shutdown', () => {
  it('ends open streams so that closing does not wait on them', async () => {
    const own = await createTestContext();
    const user = await seedUser(own, { role: 'client', email: 'shutdown@notify.test' });
    const port = await listeningPort(own.app);
    const stream = await openStream(port, await sessionFor(own, user));
    await stream.waitFor((event) => event.event === 'unread-count');
    expect(own.app.notificationStreams.size).toBe(1);
    await own.close();
    await stream.ended;
    expect(own.app.notificationStreams.size).toBe(0);
  });
});
