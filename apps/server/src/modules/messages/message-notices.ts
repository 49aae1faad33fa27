import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic-job';
import { MESSAGE_EMAIL_KIND, MESSAGE_LIMITS, MESSAGE_MESSAGES } from '@firm/shared';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { readFirmSettings } from '../settings/firm-settings.service';
import { wantsEmail } from '../notifications/notifications.service';
import { recipientAddress, userName } from '../users/users.repository';
import { claimNotice, findNoticeCandidates, releaseNotice } from './message-notices.repository';

const MINUTE = 60 * 1000;
export const NOTICE_AFTER_MS = MESSAGE_LIMITS.emailAfterMinutes * MINUTE;
export const NOTICE_EVERY_MS = MESSAGE_LIMITS.emailEveryMinutes * MINUTE;
/** Messages older than this are not looked at again: their emails went, or will never go. */
const LOOK_BACK_MS = 7 * 24 * 60 * MINUTE;
const DEFAULT_INTERVAL_MS = MINUTE;

export interface MessageNoticeDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** FIRM_NOTIFY_EMAIL: the firm's address until an advocate saves another in System Settings. */
  firmNotifyEmail: string;
  logger: FastifyBaseLogger;
}

/**
 * A person's address for the message email: none when the account is deactivated or they
 * switched the email off in Profile (the firm's shared address has no such switch).
 */
async function personalAddress(deps: MessageNoticeDeps, userId: string): Promise<string | null> {
  const recipient = await recipientAddress(deps.db, userId);
  if (!recipient) return null;
  return (await wantsEmail(deps.db, userId, MESSAGE_EMAIL_KIND)) ? recipient.email : null;
}

/**
 * The "you have a new message" emails due at `now`: a recipient who has not read a
 * message 10 minutes after it was sent gets one email for the conversation, naming the sender
 * and linking to it, never carrying the message, and at most one per conversation per hour
 * (unless they switched that email off in Profile). Each (conversation, recipient) is claimed in
 * its own transaction (the notice row locked and stamped), so however many server processes run
 * this, each email goes once; a failed email gives its claim back for the next run.
 */
export async function sendMessageNotices(deps: MessageNoticeDeps, now: Date): Promise<number> {
  const unreadSince = new Date(now.getTime() - NOTICE_AFTER_MS);
  const candidates = await findNoticeCandidates(
    deps.db,
    unreadSince,
    new Date(now.getTime() - LOOK_BACK_MS),
  );
  let sent = 0;
  // Read when the first email to the firm is due, once a run: the address saved in System
  // Settings (ADR 019), as bookings and contact messages use, else FIRM_NOTIFY_EMAIL.
  let firmAddress: Promise<string> | undefined;
  const firmEmail = () =>
    (firmAddress ??= readFirmSettings(deps).then((settings) => settings.notificationEmail));
  for (const candidate of candidates) {
    const claimed = await deps.db.transaction((tx) =>
      claimNotice(tx, candidate, now, unreadSince, NOTICE_EVERY_MS),
    );
    if (!claimed) continue;
    try {
      const address = candidate.recipientId
        ? await personalAddress(deps, candidate.recipientId)
        : await firmEmail();
      // A deactivated recipient, or one who switched the email off, gets nothing; the claim
      // stays, so nothing is retried for them.
      if (!address) continue;
      const senderName = (await userName(deps.db, claimed.senderId)) ?? MESSAGE_MESSAGES.firmSender;
      const sender = claimed.fromClient
        ? senderName
        : senderName === MESSAGE_MESSAGES.firmSender
          ? senderName
          : `${senderName} (${MESSAGE_MESSAGES.firmSender})`;
      const link = `${deps.publicUrl}/messages?c=${encodeURIComponent(candidate.conversationId)}`;
      await deps.mailer.send({
        to: address,
        subject: MESSAGE_MESSAGES.emailSubject,
        text: candidate.recipientId
          ? `${MESSAGE_MESSAGES.emailBody(sender, link)}\n\n${MESSAGE_MESSAGES.emailPreferenceLine(`${deps.publicUrl}/profile`)}`
          : MESSAGE_MESSAGES.emailBody(sender, link),
      });
      sent += 1;
    } catch (error) {
      deps.logger.error(
        { err: error, conversationId: candidate.conversationId },
        'message notice email failed',
      );
      await releaseNotice(deps.db, candidate, now, claimed.previous);
    }
  }
  return sent;
}

export interface MessageNoticeOptions {
  intervalMs?: number;
}

/** Looks for due message emails every minute; runs never overlap within one process. */
export const messageNoticesPlugin = fp(
  async (app: FastifyInstance, options: MessageNoticeOptions) => {
    const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    const log = app.log.child({ job: 'message-notices' });
    const deps: MessageNoticeDeps = {
      db: app.db,
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
      firmNotifyEmail: app.config.firmNotifyEmail,
      logger: log,
    };
    runPeriodically(app, {
      firstRunDelayMs: intervalMs,
      intervalMs,
      run: (now) =>
        sendMessageNotices(deps, now)
          .then((sent) => {
            if (sent > 0) log.info({ sent }, 'message notices sent');
          })
          .catch((error: unknown) => log.error({ err: error }, 'message notices failed')),
    });
  },
  { name: 'message-notices' },
);
