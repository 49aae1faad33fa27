import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { APPOINTMENT_TYPE_DEFAULTS, SMS, formatNairobiTime } from '@firm/shared';
import { runOnSchedule } from '../../lib/scheduled-job';
import { queueClientSms } from '../notifications/client-sms';
import { findUserById } from '../users/users.repository';
import { notifyAppointmentReminder } from '../notifications/notify-appointment-events';
import type { AppointmentDeps } from './appointment-deps';
import { queueAppointmentMail } from './appointment-mail';
import {
  claimDueReminders,
  claimDueSoonReminders,
  releaseReminder,
} from './appointment-reminders.repository';
import { releaseExpiredHolds } from './visitor-holds.repository';

/** The reminder goes 24 hours before a confirmed appointment. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** A client's text of the day goes 2 hours before (ADR 033)… */
export const SOON_REMINDER_LEAD_MS = 2 * 60 * 60 * 1000;
/** …unless the appointment is nearer than this: booked at short notice, the booking's text said it. */
const SOON_REMINDER_LATEST_MS = 30 * 60 * 1000;
const FIRST_RUN_DELAY_MS = 60 * 1000;

/**
 * Writes the reminders due at `now` to the outbox, each exactly once however many server
 * processes share the database: a row is claimed (reminder_sent_at set) in the same statement
 * that selects it, so a second process, or this one after a restart, finds nothing left. The
 * bell's reminder and the email are written in one transaction; if it fails, the claim is given
 * back for the next run. The outbox then retries the email until it goes (ADR 028).
 */
export async function sendDueReminders(
  deps: Pick<
    AppointmentDeps,
    'db' | 'outbox' | 'firmNotifyEmail' | 'publicUrl' | 'mailFrom' | 'logger'
  >,
  now: Date,
): Promise<number> {
  const claimed = await claimDueReminders(deps.db, now, REMINDER_LEAD_MS);
  let sent = 0;
  for (const row of claimed) {
    try {
      // A visitor's reminder carries a fresh private link (ADR 027); a client's, the portal.
      const mailIds = await deps.db.transaction(async (tx) => {
        await notifyAppointmentReminder(tx, row);
        return queueAppointmentMail(tx, deps, row.id, { kind: 'reminder' });
      });
      await deps.outbox.dispatch(mailIds);
      sent += 1;
    } catch (error) {
      deps.logger.error({ err: error, appointmentId: row.id }, 'appointment reminder failed');
      await releaseReminder(deps.db, row.id);
    }
  }
  return sent;
}

/**
 * Texts the clients whose confirmed appointments start within 2 hours (and not within 30
 * minutes), once each: the claims and the texts are one transaction (ADR 028, 033). Returns how
 * many texts were written (a client without a mobile number, or who switched appointment texts
 * off, is claimed and gets none).
 */
export async function textSoonReminders(
  deps: Pick<AppointmentDeps, 'db' | 'outbox'>,
  now: Date,
): Promise<number> {
  const ids = await deps.db.transaction(async (tx) => {
    const claimed = await claimDueSoonReminders(
      tx,
      new Date(now.getTime() + SOON_REMINDER_LATEST_MS),
      new Date(now.getTime() + SOON_REMINDER_LEAD_MS),
    );
    const written: string[] = [];
    for (const row of claimed) {
      const client = row.clientId ? await findUserById(tx, row.clientId) : undefined;
      if (!client) continue;
      const text = SMS.appointmentSoon(
        APPOINTMENT_TYPE_DEFAULTS[row.type].label.toLowerCase(),
        formatNairobiTime(row.startsAt.toISOString()),
      );
      const id = await queueClientSms(tx, client, 'appointments', 'appointment_reminder', text);
      if (id) written.push(id);
    }
    return written;
  });
  await deps.outbox.dispatch(ids);
  return ids.length;
}

export interface AppointmentReminderOptions {
  /** After start-up, before this process asks for a run of its own (default a minute). */
  firstRunDelayMs?: number;
}

/** Looks for due reminders every 5 minutes, on the job queue's schedule (one process a run). */
export const appointmentRemindersPlugin = fp(
  async (app: FastifyInstance, options: AppointmentReminderOptions) => {
    const log = app.log.child({ job: 'appointment-reminders' });
    const deps = {
      db: app.db,
      outbox: app.outbox,
      firmNotifyEmail: app.config.firmNotifyEmail,
      publicUrl: app.config.publicUrl,
      mailFrom: app.config.mailFrom,
      logger: log,
    };
    await runOnSchedule(app, {
      name: 'appointment-reminders',
      cron: '*/5 * * * *',
      firstRunDelayMs: options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS,
      run: (now) =>
        // Visitors' holds that ran out unconfirmed give their time back (ADR 022);
        // each row is claimed once across processes. Bookings release them too, as they go.
        releaseExpiredHolds(deps.db, now)
          .then((released) => {
            if (released.length > 0)
              log.info({ released: released.length }, 'booking holds released');
          })
          .catch((error: unknown) => log.error({ err: error }, 'releasing booking holds failed'))
          .then(() => sendDueReminders(deps, now))
          .then((sent) => {
            if (sent > 0) log.info({ sent }, 'appointment reminders sent');
          })
          .catch((error: unknown) => log.error({ err: error }, 'appointment reminders failed'))
          .then(() => textSoonReminders(deps, now))
          .then((sent) => {
            if (sent > 0) log.info({ sent }, 'appointment texts of the day queued');
          })
          .catch((error: unknown) => log.error({ err: error }, 'appointment texts failed')),
    });
  },
  { name: 'appointment-reminders', dependencies: ['outbox'] },
);
