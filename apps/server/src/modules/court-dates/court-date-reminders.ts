import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { runPeriodically } from '../../lib/periodic-job';
import { notifyCourtDateReminder } from '../notifications/notify-events';
import { claimDueCourtReminders } from './court-dates.repository';

/** The reminder goes 24 hours before the court date, as an appointment's (ADR 025). */
export const COURT_REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
const DEFAULT_INTERVAL_MS = 5 * 60 * 1000;

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
  async (app: FastifyInstance, options: { intervalMs?: number }) => {
    const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    const log = app.log.child({ job: 'court-date-reminders' });
    runPeriodically(app, {
      firstRunDelayMs: intervalMs,
      intervalMs,
      run: (now) =>
        sendDueCourtReminders(app.db, now)
          .then((sent) => {
            if (sent > 0) log.info({ sent }, 'court date reminders sent');
          })
          .catch((error: unknown) => log.error({ err: error }, 'court date reminders failed')),
    });
  },
  { name: 'court-date-reminders' },
);
