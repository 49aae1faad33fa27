import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { auditLog, deliveries, passwordResetTokens, sessions } from '../../db/schema';
import { createMailer, mailDirectory } from '../../lib/mailer';
import { smsDirectory } from '../../lib/sms';
import { queueDelivery } from '../deliveries/deliveries.repository';
import { generateToken, hashToken } from '../../lib/tokens';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { monthsBefore, purgeExpiredData } from './retention.service';
import { useRetentionTestContext, HOUR, ctx, deps, addMessage } from './retention-test-kit';

/**
 * purgeExpiredData: sessions and reset links, mail files, the record of what was sent, and audit.
 */

useRetentionTestContext();

const DAY = 24 * HOUR;
const purgeAuditRows = () =>
  ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'retention.purged'));

describe('purgeExpiredData', () => {
  describe('sessions and reset links', () => {
    it('deletes those that ended over a day ago; live ones stay and still sign in', async () => {
      const now = new Date();
      const user = await seedUser(ctx, { role: 'client', email: 'client@example.test' });
      const liveToken = await sessionFor(ctx, user);
      const addSession = async (label: string, expiresAt: Date, revokedAt: Date | null = null) => {
        await ctx.database.db.insert(sessions).values({
          userId: user.id,
          tokenHash: hashToken(generateToken()),
          expiresAt,
          revokedAt,
          userAgent: label,
          ip: '10.9.0.3',
        });
      };
      await addSession('expired two days ago', new Date(now.getTime() - 2 * DAY));
      await addSession('expired 25 hours ago', new Date(now.getTime() - 25 * HOUR));
      await addSession('expired an hour ago', new Date(now.getTime() - HOUR));
      await addSession(
        'revoked two days ago',
        new Date(now.getTime() + 20 * DAY),
        new Date(now.getTime() - 2 * DAY),
      );
      await addSession(
        'revoked an hour ago',
        new Date(now.getTime() + 20 * DAY),
        new Date(now.getTime() - HOUR),
      );
      await addSession('remember me, 30 days left', new Date(now.getTime() + 30 * DAY));

      const addLink = async (expiresAt: Date, usedAt: Date | null = null) => {
        const [row] = await ctx.database.db
          .insert(passwordResetTokens)
          .values({ userId: user.id, tokenHash: hashToken(generateToken()), expiresAt, usedAt })
          .returning({ id: passwordResetTokens.id });
        return row!.id;
      };
      await addLink(new Date(now.getTime() - 2 * DAY));
      await addLink(new Date(now.getTime() - 2 * DAY + HOUR), new Date(now.getTime() - 2 * DAY));
      const expiredRecently = await addLink(new Date(now.getTime() - 30 * 60_000));
      const usedRecently = await addLink(
        new Date(now.getTime() + 30 * 60_000),
        new Date(now.getTime() - 10 * 60_000),
      );
      const live = await addLink(new Date(now.getTime() + 30 * 60_000));

      const result = await purgeExpiredData(deps(), now);

      expect(result).toEqual({
        contactMessages: 0,
        visitorBookings: 0,
        notifications: 0,
        sessions: 3,
        passwordResetTokens: 2,
        signInChallenges: 0,
        secureAccountTokens: 0,
        signInDevices: 0,
        mailFiles: 0,
        deliveries: 0,
        smsFiles: 0,
      });
      const left = await ctx.database.db.select({ label: sessions.userAgent }).from(sessions);
      expect(left.map((row) => row.label).sort()).toEqual([
        'api-test',
        'expired an hour ago',
        'remember me, 30 days left',
        'revoked an hour ago',
      ]);
      const links = await ctx.database.db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens);
      expect(links.map((row) => row.id).sort()).toEqual(
        [expiredRecently, usedRecently, live].sort(),
      );

      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(liveToken),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe('client@example.test');
    });
  });

  describe('mail files', () => {
    it('deletes .eml files last written 12 months ago or more and keeps the rest', async () => {
      const now = new Date();
      const mailDir = mailDirectory(ctx.config.dataDir);
      // One written as the mailer writes them (SMTP_URL unset), now.
      await createMailer({
        smtpUrl: undefined,
        from: 'Firm <no-reply@firm.test>',
        mailDir,
        logger: pino({ level: 'silent' }),
      }).send({ to: 'a@example.test', subject: 'Reset your password', text: 'A link' });
      const [fresh] = readdirSync(mailDir);
      const writeAged = (name: string, age: number) => {
        const file = path.join(mailDir, name);
        writeFileSync(file, 'Subject: old\n\nPersonal data');
        const time = new Date(now.getTime() - age);
        utimesSync(file, time, time);
      };
      writeAged('thirteen-months.eml', 395 * DAY);
      writeAged('twelve-months.eml', now.getTime() - monthsBefore(now, 12).getTime());
      writeAged('eleven-months.eml', 330 * DAY);
      writeAged('not-mail.txt', 800 * DAY);
      mkdirSync(path.join(mailDir, 'kept.eml'));

      const result = await purgeExpiredData(deps(), now);

      expect(result.mailFiles).toBe(2);
      expect(readdirSync(mailDir).sort()).toEqual(
        [fresh, 'eleven-months.eml', 'kept.eml', 'not-mail.txt'].sort(),
      );
    });

    it('finds nothing to do when no mail was ever written', async () => {
      const result = await purgeExpiredData(deps(), new Date());
      expect(result.mailFiles).toBe(0);
    });
  });

  describe('the record of what was sent', () => {
    it('deletes sent and failed deliveries and text files 12 months old; a message still tried stays', async () => {
      const now = new Date();
      const aged = new Date(now.getTime() - 395 * DAY);
      const write = async (status: 'sent' | 'failed' | 'queued', createdAt: Date) => {
        const id = await queueDelivery(ctx.database.db, {
          channel: 'sms',
          kind: 'court_date_reminder',
          to: '+254712982369',
          text: 'Mwamba & Associates: reminder, case MAA/2026/0001 is in court tomorrow, 09:00.',
        });
        await ctx.database.db
          .update(deliveries)
          .set({ status, createdAt })
          .where(eq(deliveries.id, id));
        return id;
      };
      const oldSent = await write('sent', aged);
      const oldFailed = await write('failed', aged);
      const oldQueued = await write('queued', aged);
      const recent = await write('sent', new Date(now.getTime() - 30 * DAY));
      const smsDir = smsDirectory(ctx.config.dataDir);
      mkdirSync(smsDir, { recursive: true });
      const oldText = path.join(smsDir, 'old.txt');
      writeFileSync(oldText, 'To: +254712982369\n\nMwamba & Associates: reminder');
      utimesSync(oldText, aged, aged);
      writeFileSync(path.join(smsDir, 'recent.txt'), 'To: +254712982369\n\nRecent');

      const result = await purgeExpiredData(deps(), now);

      expect(result).toMatchObject({ deliveries: 2, smsFiles: 1 });
      const left = (await ctx.database.db.select({ id: deliveries.id }).from(deliveries)).map(
        (row) => row.id,
      );
      expect(left).toEqual(expect.arrayContaining([oldQueued, recent]));
      expect(left).not.toContain(oldSent);
      expect(left).not.toContain(oldFailed);
      expect(readdirSync(smsDir)).toEqual(['recent.txt']);
    });
  });

  describe('audit', () => {
    it('writes one row with the counts when something was deleted, none otherwise', async () => {
      const now = new Date('2027-03-15T09:00:00.000Z');
      expect(await purgeExpiredData(deps(), now)).toEqual({
        contactMessages: 0,
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
      expect(await purgeAuditRows()).toHaveLength(0);

      await addMessage('old', new Date('2025-01-10T09:00:00.000Z'));
      await purgeExpiredData(deps(), now);

      const rows = await purgeAuditRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actorId: null, targetUserId: null, ip: null });
      expect(rows[0]!.details).toEqual({
        deleted: {
          contactMessages: 1,
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
        },
        contactMessagesCreatedBefore: '2026-03-16T09:00:00.000Z',
        visitorBookingsEndedBefore: '2026-03-16T09:00:00.000Z',
        notificationsCreatedBefore: '2026-03-16T09:00:00.000Z',
        mailFilesWrittenBefore: '2026-03-16T09:00:00.000Z',
        deliveriesCreatedBefore: '2026-03-16T09:00:00.000Z',
        sessionsEndedBefore: '2027-03-14T09:00:00.000Z',
        signInDevicesSeenBefore: '2026-03-16T09:00:00.000Z',
      });
    });

    it('lets two purges at once delete each row once, with one audit row', async () => {
      const now = new Date('2027-03-15T09:00:00.000Z');
      await addMessage('old one', new Date('2025-01-10T09:00:00.000Z'));
      await addMessage('old two', new Date('2025-02-10T09:00:00.000Z'));

      const results = await Promise.all([
        purgeExpiredData(deps(), now),
        purgeExpiredData(deps(), now),
      ]);

      expect(results.map((result) => result.contactMessages).sort()).toEqual([0, 2]);
      expect(await purgeAuditRows()).toHaveLength(1);
    });
  });
});
