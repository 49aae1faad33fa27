import { formatNairobiDayTime } from '@firm/shared';
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { appointments, notifications } from '../../db/schema';
import { advocatePayload } from '../../../test/accounts';
import { multipartFile, PDF_BYTES, seedCase } from '../../../test/cases';
import { settleMail } from '../../../test/helpers';
import { confirmVisitorBooking, nextOpenWeekday } from '../appointments/appointments-test-kit';
import { sendDueReminders } from '../appointments/appointment-reminders';
import { notifyAppointmentReminder } from './notify-appointment-events';
import {
  useNotificationsTestContext,
  ctx,
  people,
  as,
  notified,
  clearAll,
  openCase,
} from './notifications-people-test-kit';

useNotificationsTestContext();

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
