import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runOnSchedule } from '../../lib/scheduled-job';
import { MESSAGE_EMAIL_KIND, MESSAGE_LIMITS, MESSAGE_MESSAGES, SMS } from '@firm/shared';
import type { Db, Executor } from '../../db/client';
import { queueDelivery } from '../deliveries/deliveries.repository';
import { PORTAL_ORIGIN, type Outbox } from '../deliveries/outbox';
import { readFirmSettings } from '../settings/firm-settings.service';
import { wantsEmail } from '../notifications/notifications.service';
import { findUserById, recipientAddress, userName } from '../users/users.repository';
import { queueClientSms } from '../notifications/client-sms';
import { claimNotice, findNoticeCandidates } from './message-notices.repository';

const MINUTE = 60 * 1000;
export const NOTICE_AFTER_MS = MESSAGE_LIMITS.emailAfterMinutes * MINUTE;
export const NOTICE_EVERY_MS = MESSAGE_LIMITS.emailEveryMinutes * MINUTE;
/** Messages older than this are not looked at again: their emails went, or will never go. */
const LOOK_BACK_MS = 7 * 24 * 60 * MINUTE;

export interface MessageNoticeDeps {
  db: Db;
  outbox: Pick<Outbox, 'dispatch'>;
  /** FIRM_NOTIFY_EMAIL: the firm's address until an advocate saves another in System Settings. */
  firmNotifyEmail: string;
  logger: FastifyBaseLogger;
}

/**
 * A person's address for the message email: none when the account is deactivated or they
 * switched the email off in Profile (the firm's shared address has no such switch).
 */
async function personalAddress(tx: Executor, userId: string): Promise<string | null> {
  const recipient = await recipientAddress(tx, userId);
  if (!recipient) return null;
  return (await wantsEmail(tx, userId, MESSAGE_EMAIL_KIND)) ? recipient.email : null;
}

/**
 * Queues the "you have a new message" emails due at `now`: a recipient who has not read a
 * message 10 minutes after it was sent gets one email for the conversation, naming the sender
 * and linking to it, never carrying the message, and at most one per conversation per hour
 * (unless they switched that email off in Profile). Each (conversation, recipient) is claimed
 * and its email written to the outbox in one transaction (the notice row locked and stamped), so
 * however many server processes run this, each email is written once; the outbox then retries it
 * until it goes (ADR 028). Returns for how many recipients something was written.
 */
export async function sendMessageNotices(deps: MessageNoticeDeps, now: Date): Promise<number> {
  const unreadSince = new Date(now.getTime() - NOTICE_AFTER_MS);
  const candidates = await findNoticeCandidates(
    deps.db,
    unreadSince,
    new Date(now.getTime() - LOOK_BACK_MS),
  );
  let queued = 0;
  // Once a run, before any claim's transaction (on the embedded database a read outside an open
  // transaction waits for it): the address saved in System Settings (ADR 019), as bookings and
  // contact messages use, else FIRM_NOTIFY_EMAIL.
  const firmAddress = candidates.some((candidate) => !candidate.recipientId)
    ? (await readFirmSettings(deps)).notificationEmail
    : null;
  for (const candidate of candidates) {
    try {
      const ids = await deps.db.transaction(async (tx) => {
        const claimed = await claimNotice(tx, candidate, now, unreadSince, NOTICE_EVERY_MS);
        if (!claimed) return [];
        const address = candidate.recipientId
          ? await personalAddress(tx, candidate.recipientId)
          : firmAddress;
        const written: string[] = [];
        // A client who chose it is also texted (ADR 033): the same claim, so at most one text
        // per conversation an hour, and never the message itself.
        const recipient = candidate.recipientId
          ? await findUserById(tx, candidate.recipientId)
          : undefined;
        if (recipient) {
          const text = SMS.newMessage(`${PORTAL_ORIGIN}/messages`);
          const id = await queueClientSms(tx, recipient, 'messages', 'message_unread', text);
          if (id) written.push(id);
        }
        // A deactivated recipient, or one who switched the email off, gets no email; the claim
        // stays, so nothing is retried for them.
        if (!address) return written;
        const senderName = (await userName(tx, claimed.senderId)) ?? MESSAGE_MESSAGES.firmSender;
        const sender =
          claimed.fromClient || senderName === MESSAGE_MESSAGES.firmSender
            ? senderName
            : `${senderName} (${MESSAGE_MESSAGES.firmSender})`;
        const link = `${PORTAL_ORIGIN}/messages?c=${encodeURIComponent(candidate.conversationId)}`;
        written.push(
          await queueDelivery(tx, {
            channel: 'email',
            kind: 'message_unread',
            to: address,
            subject: MESSAGE_MESSAGES.emailSubject,
            text: candidate.recipientId
              ? `${MESSAGE_MESSAGES.emailBody(sender, link)}\n\n${MESSAGE_MESSAGES.emailPreferenceLine(`${PORTAL_ORIGIN}/profile`)}`
              : MESSAGE_MESSAGES.emailBody(sender, link),
          }),
        );
        return written;
      });
      if (ids.length === 0) continue;
      await deps.outbox.dispatch(ids);
      queued += 1;
    } catch (error) {
      // The claim was rolled back with the email: the next run tries again.
      deps.logger.error(
        { err: error, conversationId: candidate.conversationId },
        'message notice could not be queued',
      );
    }
  }
  return queued;
}

export interface MessageNoticeOptions {
  /** After start-up, before this process asks for a run of its own (default a minute). */
  firstRunDelayMs?: number;
}

/** Looks for due message emails every minute, on the job queue's schedule (one process a run). */
export const messageNoticesPlugin = fp(
  async (app: FastifyInstance, options: MessageNoticeOptions) => {
    const log = app.log.child({ job: 'message-notices' });
    const deps: MessageNoticeDeps = {
      db: app.db,
      outbox: app.outbox,
      firmNotifyEmail: app.config.firmNotifyEmail,
      logger: log,
    };
    await runOnSchedule(app, {
      name: 'message-notices',
      cron: '* * * * *',
      firstRunDelayMs: options.firstRunDelayMs ?? MINUTE,
      run: (now) =>
        sendMessageNotices(deps, now)
          .then((sent) => {
            if (sent > 0) log.info({ sent }, 'message notices queued');
          })
          .catch((error: unknown) => log.error({ err: error }, 'message notices failed')),
    });
  },
  { name: 'message-notices', dependencies: ['outbox'] },
);
