import { nairobiDateTime } from '../common/nairobi-clock';
import { formatNairobiDateTime } from '../common/dates';

/**
 * Backups (docs/decisions/039-backups-and-restore.md#the-runs-schedule-claims-retention-what-the-advocates-see): when the nightly one runs, how long archives are
 * kept, and how a run reads on System Settings. Pure values and rules, shared by the server and
 * the screen.
 */

/** The Nairobi hour the nightly backup starts at until an advocate chooses another. */
export const BACKUP_DEFAULT_HOUR = 2;

/** Archives kept: the newest of each of the last 7 days, 4 weeks and 12 months (Nairobi time). */
export const BACKUP_RETENTION = { daily: 7, weekly: 4, monthly: 12 } as const;

/** The advocates hear of it when no backup has succeeded for this long. */
export const BACKUP_OVERDUE_HOURS = 26;

export const BACKUP_TRIGGERS = ['scheduled', 'command', 'settings'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

export const BACKUP_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

const HOUR_MS = 60 * 60 * 1000;
const NAIROBI_OFFSET_HOURS = 3;

/** The next start of the nightly backup after `now`: the next `hour`:00 on a Nairobi clock. */
export function nextBackupAt(hour: number, now: Date): Date {
  const utcHour = (hour - NAIROBI_OFFSET_HOURS + 24) % 24;
  const next = new Date(now);
  next.setUTCHours(utcHour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setTime(next.getTime() + 24 * HOUR_MS);
  return next;
}

/** An hour of the day as a 24-hour clock time: 2 → "02:00". */
export const backupHourText = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/**
 * When, in words, on a Nairobi clock: "today at 02:00", "yesterday at 02:00", "tomorrow at
 * 02:00", else the date and time ("Thu 26 Nov 2026, 02:00").
 */
export function backupWhenInWords(instant: Date | string, now: Date): string {
  const at = new Date(instant);
  const { date, time } = nairobiDateTime(at);
  const today = nairobiDateTime(now).date;
  const dayMs = 24 * HOUR_MS;
  if (date === today) return `today at ${time}`;
  if (date === nairobiDateTime(new Date(now.getTime() - dayMs)).date) return `yesterday at ${time}`;
  if (date === nairobiDateTime(new Date(now.getTime() + dayMs)).date) return `tomorrow at ${time}`;
  return formatNairobiDateTime(at);
}

/** A size in megabytes with one decimal ("12.4 MB"); under 0.1 MB reads "under 0.1 MB". */
export function backupSizeText(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes < 0.1) return 'under 0.1 MB';
  return `${megabytes.toLocaleString('en-GB', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
}
