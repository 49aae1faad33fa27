import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, contactMessages, enquiryStates, notifications } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedVisitorBooking } from '../../../test/enquiries';
import { monthsBefore, purgeExpiredData } from './retention.service';
import { useRetentionTestContext, HOUR, ctx, deps, addMessage } from './retention-test-kit';

/** purgeExpiredData: contact messages, visitors' booking requests and notifications. */

useRetentionTestContext();

const remainingSubjects = async () =>
  (await ctx.database.db.select({ subject: contactMessages.subject }).from(contactMessages))
    .map((row) => row.subject)
    .sort();

describe('purgeExpiredData', () => {
  describe('contact messages', () => {
    const now = new Date('2027-03-15T09:00:00.000Z');

    it('deletes messages 12 months old or older and keeps recent ones', async () => {
      await addMessage('three years old', new Date('2024-03-15T09:00:00.000Z'));
      await addMessage('thirteen months old', new Date('2026-02-15T09:00:00.000Z'));
      await addMessage('six months old', new Date('2026-09-15T09:00:00.000Z'));
      await addMessage('an hour old', new Date(now.getTime() - HOUR));

      const result = await purgeExpiredData(deps(), now);

      expect(result).toEqual({
        contactMessages: 2,
        visitorBookings: 0,
        notifications: 0,
        sessions: 0,
        passwordResetTokens: 0,
        signInChallenges: 0,
        secureAccountTokens: 0,
        signInDevices: 0,
        mailFiles: 0,
        deliveries: 0,
        smsFiles: 0,
      });
      expect(await remainingSubjects()).toEqual(['an hour old', 'six months old']);
    });

    it('deletes a message at exactly 12 months, and from a day before, since the next run is a day away', async () => {
      await addMessage('exactly 12 months', new Date('2026-03-15T09:00:00.000Z'));
      // Turns 12 months old before the next daily run: deleted now, not a day late.
      await addMessage('12 months less a day', new Date('2026-03-16T09:00:00.000Z'));
      await addMessage(
        '12 months less a day and a millisecond',
        new Date('2026-03-16T09:00:00.001Z'),
      );

      const result = await purgeExpiredData(deps(), now);

      expect(result.contactMessages).toBe(2);
      expect(await remainingSubjects()).toEqual(['12 months less a day and a millisecond']);
    });

    it('keeps an old message converted into a client: it is part of the client file (ADR 018)', async () => {
      const converted = await addMessage('became a client', new Date('2024-03-15T09:00:00.000Z'));
      const merelyRead = await addMessage('only triaged', new Date('2024-03-15T09:00:00.000Z'));
      const client = await seedUser(ctx, { role: 'client', email: 'kept@retention.test' });
      await ctx.database.db.insert(enquiryStates).values([
        { contactMessageId: converted.id, clientId: client.id, status: 'closed', version: 2 },
        { contactMessageId: merelyRead.id, status: 'closed', version: 1 },
      ]);

      const result = await purgeExpiredData(deps(), now);

      expect(result.contactMessages).toBe(1);
      expect(await remainingSubjects()).toEqual(['became a client']);
    });
  });

  describe("visitors' booking requests", () => {
    const now = new Date('2027-03-15T09:00:00.000Z');
    const endingAt = (endsAt: Date) => ({
      startsAt: new Date(endsAt.getTime() - 30 * 60_000),
      endsAt,
    });

    it('deletes those whose meeting ended 12 months ago or more; keeps later ones, clients’ and converted ones', async () => {
      const advocate = await seedUser(ctx, { role: 'advocate', email: 'diary@retention.test' });
      const client = await seedUser(ctx, { role: 'client', email: 'booker@retention.test' });
      const old = endingAt(new Date('2026-02-10T07:00:00.000Z'));
      const gone = await seedVisitorBooking(ctx, advocate.id, { ...old, title: 'old visitor' });
      await seedVisitorBooking(ctx, advocate.id, {
        ...endingAt(new Date('2026-09-10T07:00:00.000Z')),
        title: 'recent visitor',
      });
      // One advocate's diary: no two of them at the same time.
      const alsoOld = (day: number) => endingAt(new Date(`2026-02-${day}T07:00:00.000Z`));
      // Booked as a visitor, then converted into a client in the Enquiries inbox.
      await seedVisitorBooking(ctx, advocate.id, {
        ...alsoOld(11),
        clientId: client.id,
        title: 'converted',
      });
      await seedVisitorBooking(ctx, advocate.id, {
        ...alsoOld(12),
        clientId: client.id,
        visitorTokenHash: null,
        title: 'client booking',
      });
      await ctx.database.db
        .insert(enquiryStates)
        .values({ appointmentId: gone.id, status: 'closed' });

      const result = await purgeExpiredData(deps(), now);

      expect(result.visitorBookings).toBe(1);
      const titles = (
        await ctx.database.db.select({ title: appointments.title }).from(appointments)
      )
        .map((row) => row.title)
        .sort();
      expect(titles).toEqual(['client booking', 'converted', 'recent visitor']);
      // Its triage row goes with it.
      expect(
        await ctx.database.db
          .select()
          .from(enquiryStates)
          .where(eq(enquiryStates.appointmentId, gone.id)),
      ).toEqual([]);
    });
  });

  describe('notifications', () => {
    it('deletes those written 12 months ago or more; the bell keeps the rest and its count', async () => {
      // Today, so that the person's session is still live to ask for the count afterwards.
      const now = new Date();
      const user = await seedUser(ctx, { role: 'client', email: 'bell@example.test' });
      const token = await sessionFor(ctx, user);
      const add = (sequence: number, title: string, createdAt: Date) =>
        ctx.database.db.insert(notifications).values({
          userId: user.id,
          sequence,
          type: 'info',
          kind: 'case_status_changed',
          title,
          message: 'Your case moved on.',
          createdAt,
        });
      await add(1, 'two years old', monthsBefore(now, 24));
      await add(2, 'thirteen months old', monthsBefore(now, 13));
      await add(3, 'six months old', monthsBefore(now, 6));

      expect((await purgeExpiredData(deps(), now)).notifications).toBe(2);

      const left = await ctx.database.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(eq(notifications.userId, user.id));
      expect(left).toEqual([{ title: 'six months old' }]);
      const count = await ctx.app.inject({
        method: 'GET',
        url: '/api/notifications/unread-count',
        headers: bearer(token),
      });
      expect(count.json(), count.body).toMatchObject({ count: 1 });
    });
  });
});
