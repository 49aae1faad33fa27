import {
  FIRM_SETTINGS_MESSAGES as F,
  defaultFirmSettings,
  nairobiInstant,
  type FirmSettings,
} from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { nextOpenWeekday } from '../appointments/appointments-test-kit';
import { eq } from 'drizzle-orm';

describe('firm settings: saved, audited and read where they apply', () => {
  let ctx: TestContext;
  let advocate: { authorization: string };
  let client: { authorization: string };
  let advocateId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const owner = await seedUser(ctx, { role: 'advocate', email: 'owner@firm.test' });
    advocateId = owner.id;
    advocate = bearer(await sessionFor(ctx, owner));
    const someone = await seedUser(ctx, { role: 'client', email: 'wanjiru@client.test' });
    client = bearer(await sessionFor(ctx, someone));
  });
  afterAll(() => ctx.close());

  const save = (payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/settings/firm', headers: advocate, payload });
  const defaults = () => defaultFirmSettings('firm@example.test');

  it('answers the defaults until saved: fees and durations of the content, FIRM_NOTIFY_EMAIL', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/firm',
      headers: advocate,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      settings: defaults(),
      updatedAt: null,
      updatedBy: null,
      paybillConnection: { mpesaSetUp: false, registration: null },
    });
    expect(response.json().settings.appointmentTypes.consultation).toEqual({
      feeKsh: 5000,
      durationMinutes: 30,
    });
    const config = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(config.json().appointmentTypes.consultation.feeKsh).toBe(5000);
  });

  it('refuses bad values with a message per field, and changes nothing', async () => {
    const bad = {
      ...defaults(),
      appointmentTypes: {
        ...defaults().appointmentTypes,
        consultation: { feeKsh: -1, durationMinutes: 5 },
      },
      bookingTimes: { ...defaults().bookingTimes, sat: ['16:00'], mon: ['07:30'] },
      notificationEmail: 'not-an-email',
      mpesaNumber: '12',
      contactAutoReply: '   ',
    };
    const response = await save(bad);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      'appointmentTypes.consultation.feeKsh': F.feeInvalid,
      'appointmentTypes.consultation.durationMinutes': F.durationInvalid,
      'bookingTimes.sat': F.timeAfterHours,
      'bookingTimes.mon.0': F.timeInvalid,
      notificationEmail: 'Invalid email address',
      mpesaNumber: F.mpesaNumberInvalid,
      contactAutoReply: F.contactAutoReplyRequired,
    });
    const noDays = await save({
      ...defaults(),
      bookingTimes: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] },
    });
    expect(noDays.json().errors).toMatchObject({ bookingTimes: F.noBookingDay });
    const current = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/firm',
      headers: advocate,
    });
    expect(current.json().updatedAt).toBeNull();
  });

  it('saves, audits what changed, and the server uses the new values', async () => {
    const changed: FirmSettings = {
      ...defaults(),
      appointmentTypes: {
        ...defaults().appointmentTypes,
        consultation: { feeKsh: 7500, durationMinutes: 60 },
      },
      // Mondays close; Tuesdays offer 08:00 only, and so every other weekday keeps its defaults.
      bookingTimes: { ...defaults().bookingTimes, mon: [], tue: ['08:00'] },
      notificationEmail: 'bookings@firm.test',
      mpesaNumber: '522522',
      mpesaInstructions: 'Account number: your case number',
      contactAutoReply: 'Asante! We read every message within a day.',
      bookingAutoReply: 'Asante! Your booking request has reached us.',
    };
    const response = await save(changed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: F.saved,
      settings: changed,
      updatedBy: 'Test advocate',
    });

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'firm_settings.updated'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(advocateId);
    expect(Object.keys(audit[0]!.details.changed as object).sort()).toEqual(
      [
        'appointmentTypes',
        'bookingAutoReply',
        'bookingTimes',
        'contactAutoReply',
        'mpesaInstructions',
        'mpesaNumber',
        'notificationEmail',
      ].sort(),
    );

    // The public booking modal reads the new fee.
    const config = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(config.json().appointmentTypes.consultation).toEqual({
      feeKsh: 7500,
      durationMinutes: 60,
    });

    // Availability: a Monday is closed, a Tuesday offers 08:00 only.
    let monday = nextOpenWeekday(3);
    while (new Date(`${monday}T12:00:00Z`).getUTCDay() !== 1) {
      monday = nextOpenWeekday(1, nairobiInstant(monday, '12:00'));
    }
    const mondayAnswer = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointments/availability?date=${monday}&type=consultation`,
    });
    expect(mondayAnswer.json()).toMatchObject({ closed: true, times: [] });
    const month = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointments/calendar?month=${monday.slice(0, 7)}`,
    });
    expect(month.json().closedDays).toContain(monday);
    let tuesday = nextOpenWeekday(3);
    while (new Date(`${tuesday}T12:00:00Z`).getUTCDay() !== 2) {
      tuesday = nextOpenWeekday(1, nairobiInstant(tuesday, '12:00'));
    }
    const tuesdayAnswer = await ctx.app.inject({
      method: 'GET',
      url: `/api/appointments/availability?date=${tuesday}&type=consultation`,
    });
    expect(tuesdayAnswer.json()).toMatchObject({ closed: false, times: ['08:00'] });

    // A client's booking takes the new fee and duration; the firm's copy goes to the new address
    // and the client's email opens with the booking auto-reply.
    ctx.mail.length = 0;
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: client,
      payload: {
        title: 'Land matter',
        description: 'A question about a title deed',
        type: 'consultation',
        date: tuesday,
        time: '08:00',
        location: 'office',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().appointment).toMatchObject({ fee: 7500, duration: 60 });
    const ten = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: client,
      payload: {
        title: 'Land matter',
        description: 'A question about a title deed',
        type: 'consultation',
        date: tuesday,
        time: '10:00',
        location: 'office',
      },
    });
    expect(ten.statusCode).toBe(400);
    await settleMail(ctx);
    expect(ctx.mail.find((mail) => mail.to === 'bookings@firm.test')).toBeTruthy();
    const toClient = ctx.mail.find((mail) => mail.to === 'wanjiru@client.test');
    expect(toClient?.text).toContain('Asante! Your booking request has reached us.');

    // Contact form: the firm's copy to the new address, the auto-reply to the visitor.
    ctx.mail.length = 0;
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: {
        name: 'Achieng Otieno',
        email: 'achieng@example.co.ke',
        subject: 'Land title transfer',
        message: 'I would like advice.',
        urgency: 'normal',
        consent: true,
      },
    });
    expect(contact.statusCode).toBe(201);
    await settleMail(ctx);
    expect(ctx.mail.map((mail) => mail.to)).toEqual([
      'bookings@firm.test',
      'achieng@example.co.ke',
    ]);
    expect(ctx.mail[1]!.text).toContain('Asante! We read every message within a day.');
  });

  it('falls back to a default for a saved value this release no longer accepts', async () => {
    await ctx.database.db.update((await import('../../db/schema')).firmSettings).set({
      settings: { ...defaults(), mpesaNumber: 'garbage', notificationEmail: 'ok@firm.test' },
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/firm',
      headers: advocate,
    });
    expect(response.json().settings).toMatchObject({
      mpesaNumber: '',
      notificationEmail: 'ok@firm.test',
    });
  });
});
