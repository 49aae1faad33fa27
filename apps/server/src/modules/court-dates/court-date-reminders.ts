import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { runOnSchedule } from '../../lib/scheduled-job';
import { notifyCourtDateReminder } from '../notifications/notify-events';
import { claimDueCourtReminders } from './court-dates.repository';

/** The reminder goes 24 hours before the court date, as an appointment's (ADR 025). */
export const COURT_REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/**
 * Sends the court-date reminders due at `now`, each once however many processes share the
 * database: the claim and the notifications are one transaction, so a failure gives the claim
 * back and a second process finds nothing left. The client's email goes through the
 * notifications' outbox (under their court-date switch); the dedupe key keeps one per date.
 */
export async function sendDueCourtReminders(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await claimDueCourtReminders(tx, now, COURT_REMINDER_LEAD_MS);
    for (const row of claimed) await notifyCourtDateReminder(tx, row);
    return claimed.length;
  });
}

export const courtDateRemindersPlugin = fp(
  async (app: FastifyInstance, options: { firstRunDelayMs?: number }) => {
    const log = app.log.child({ job: 'court-date-reminders' });
    // Every 5 minutes, on the job queue's schedule (one process a run).
    await runOnSchedule(app, {
      name: 'court-date-reminders',
      cron: '*/5 * * * *',
      firstRunDelayMs: options.firstRunDelayMs ?? 60 * 1000,
      run: (now) =>
        sendDueCourtReminders(app.db, now)
          .then((sent) => {
            if (sent > 0) log.info({ sent }, 'court date reminders sent');
          })
          .catch((error: unknown) => log.error({ err: error }, 'court date reminders failed')),
    });
  },
  { name: 'court-date-reminders', dependencies: ['outbox'] },
);
