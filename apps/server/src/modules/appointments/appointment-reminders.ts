import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic-job';
import { notifyAppointmentReminder } from '../notifications/notify-events';
import type { AppointmentDeps } from './appointment-deps';
import { manageUrl, newVisitorLink, sendAppointmentMail } from './appointment-mail';
import { claimDueReminders, releaseReminder } from './appointment-reminders.repository';
import { forMail } from './appointment-serializer';
import { releaseExpiredHolds } from './visitor-holds.repository';

/** The reminder goes 24 hours before a confirmed appointment. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
const DEFAULT_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Sends the reminders due at `now`, each exactly once however many server processes share the
 * database: a row is claimed (reminder_sent_at set) in the same statement that selects it, so a
 * second process, or this one after a restart, finds nothing left. A failed email gives its claim
 * back for the next run.
 */
export async function sendDueReminders(
  deps: Pick<
    AppointmentDeps,
    'db' | 'mailer' | 'firmNotifyEmail' | 'publicUrl' | 'mailFrom' | 'logger'
  >,
  now: Date,
): Promise<number> {
  const claimed = await claimDueReminders(deps.db, now, REMINDER_LEAD_MS);
  let sent = 0;
  for (const row of claimed) {
    // The bell's reminder; a retried claim (the email failed) finds it written and adds none.
    await deps.db
      .transaction((tx) => notifyAppointmentReminder(tx, row))
      .catch((error: unknown) =>
        deps.logger.error({ err: error, appointmentId: row.id }, 'reminder notification failed'),
      );
    try {
      // A visitor's reminder carries a fresh private link (ADR 027); a client's, the portal.
      const token = row.clientId === null ? await newVisitorLink(deps.db, row.id) : null;
      await sendAppointmentMail(deps, 'reminder', forMail(row), {
        manageUrl: manageUrl(deps, token),
        hasAccount: row.clientId !== null,
        notifyFirm: false,
        linkReissued: token !== null,
      });
      sent += 1;
    } catch (error) {
      deps.logger.error({ err: error, appointmentId: row.id }, 'appointment reminder failed');
      await releaseReminder(deps.db, row.id);
    }
  }
  return sent;
}

export interface AppointmentReminderOptions {
  intervalMs?: number;
}

/** Looks for due reminders every few minutes; runs never overlap within one process. */
export const appointmentRemindersPlugin = fp(
  async (app: FastifyInstance, options: AppointmentReminderOptions) => {
    const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    const log = app.log.child({ job: 'appointment-reminders' });
    const deps = {
      db: app.db,
      mailer: app.mailer,
      firmNotifyEmail: app.config.firmNotifyEmail,
      publicUrl: app.config.publicUrl,
      mailFrom: app.config.mailFrom,
      logger: log,
    };
    runPeriodically(app, {
      firstRunDelayMs: intervalMs,
      intervalMs,
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
          .catch((error: unknown) => log.error({ err: error }, 'appointment reminders failed')),
    });
  },
  { name: 'appointment-reminders' },
);
