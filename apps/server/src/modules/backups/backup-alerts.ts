import {
  BACKUP_NOTICES,
  BACKUP_OVERDUE_HOURS,
  backupWhenInWords,
  can,
  isAdvocateAccount,
} from '@firm/shared';
import type { Db, Executor } from '../../db/client';
import type { BackupRunRow, UserRow } from '../../db/schema';
import { queueDelivery } from '../deliveries/deliveries.repository';
import { PORTAL_ORIGIN } from '../deliveries/outbox';
import { notify } from '../notifications/notifications.service';
import { activeStaff } from '../users/users.repository';
import { claimOnce, firstRunStartedAt, lastSucceededRun } from './backups.repository';

/**
 * Telling the advocates that backups go wrong (ADR 039): in the bell and by email, once per
 * incident across every process (the incident's key is claimed in `backup_once`), never again
 * every hour it lasts. An incident is one failed run, or one stretch of 26 hours since the last
 * good backup (keyed by that backup).
 */

const FIRM_NAME = 'Mwamba & Associates Advocates';
const BACKUPS_SCREEN = '/system-settings?tab=backups';

/** Who keeps the firm's data safe: the active advocates (System Settings is theirs). */
const mayHear = (user: UserRow) => isAdvocateAccount(user) && can(user, 'settings:view');

/** The bell's entry and an email to each active advocate; returns the emails' delivery ids. */
async function tellAdvocates(
  tx: Executor,
  notice: { kind: 'backup_failed' | 'backup_overdue'; key: string; title: string; message: string },
): Promise<string[]> {
  if (!(await claimOnce(tx, notice.key))) return [];
  const advocates = (await activeStaff(tx)).filter(mayHear);
  const told = new Set(
    await notify(tx, advocates, {
      kind: notice.kind,
      type: 'error',
      title: notice.title,
      message: notice.message,
      actionUrl: BACKUPS_SCREEN,
      dedupeKey: notice.key,
      maySee: mayHear,
    }),
  );
  const ids: string[] = [];
  for (const person of advocates.filter((user) => told.has(user.id))) {
    ids.push(
      await queueDelivery(tx, {
        channel: 'email',
        kind: notice.kind,
        to: person.email,
        subject: `${notice.title}: ${FIRM_NAME}`,
        text: [
          `Dear ${person.firstName},`,
          '',
          notice.message,
          '',
          `${BACKUP_NOTICES.emailClosing} ${PORTAL_ORIGIN}${BACKUPS_SCREEN}`,
          '',
          FIRM_NAME,
        ].join('\n'),
      }),
    );
  }
  return ids;
}

/** A run that failed (or was found interrupted), in the transaction that records it. */
export function alertBackupFailed(tx: Executor, run: BackupRunRow, now: Date): Promise<string[]> {
  return tellAdvocates(tx, {
    kind: 'backup_failed',
    key: `backup_failed:${run.id}`,
    title: BACKUP_NOTICES.failed.title,
    message: BACKUP_NOTICES.failed.message(backupWhenInWords(run.startedAt, now), run.error ?? ''),
  });
}

/**
 * No backup has succeeded for 26 hours: since the last good one or, before any, since the first
 * run (a firm that has never run one hears of it from that run's failure first).
 */
export async function alertBackupOverdue(db: Db, now: Date): Promise<string[]> {
  const last = await lastSucceededRun(db);
  const since = last?.finishedAt ?? (await firstRunStartedAt(db));
  if (!since || now.getTime() - since.getTime() < BACKUP_OVERDUE_HOURS * 3_600_000) return [];
  return db.transaction((tx) =>
    tellAdvocates(tx, {
      kind: 'backup_overdue',
      key: `backup_overdue:${last?.id ?? 'never'}`,
      title: BACKUP_NOTICES.overdue.title,
      message: BACKUP_NOTICES.overdue.message(
        last?.finishedAt ? backupWhenInWords(last.finishedAt, now) : null,
      ),
    }),
  );
}
