import { NOTIFICATION_MESSAGES } from '@firm/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartFile, PDF_BYTES, seedCase } from '../../../test/cases';
import { settleMail } from '../../../test/helpers';
import { nextOpenWeekday } from '../appointments/appointments-test-kit';
import {
  useNotificationsTestContext,
  ctx,
  people,
  as,
  notified,
  clearAll,
  bump,
  openCase,
} from './notifications-people-test-kit';

useNotificationsTestContext();

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
