import { BACKUP_OVERDUE_HOURS, backupHourText, backupSizeText, type BackupTrigger } from './rules';

/**
 * Backups: every sentence a person reads about them, on System Settings, in the bell and its
 * email, from `npm run backup`, and in the answers of the API (docs/decisions/039-backups-and-restore.md#the-runs-schedule-claims-retention-what-the-advocates-see).
 */

export const BACKUP_TRIGGER_WORDS: Record<BackupTrigger, string> = {
  scheduled: 'nightly schedule',
  command: 'npm run backup',
  settings: 'Back up now',
};

export const BACKUP_MESSAGES = {
  /** Why a backup cannot run at all: no passphrase to encrypt the archive with. */
  noPassphrase:
    'BACKUP_PASSPHRASE is not set, so no backup can be made: set it where the server is configured, then restart it.',
  alreadyRunning: 'A backup is already running. It will show here when it ends.',
  started: 'The backup has started. It will show here when it ends.',
  /** A run whose process stopped (killed, machine restarted) before it finished. */
  interrupted:
    'The server stopped during this backup, so it was not finished; its partial file was removed.',
  /** The server was asked to stop (a restart, a deploy) while it backed up. */
  stopped:
    'The server was stopped during this backup, so it was not finished; its partial file was removed.',
  /** A failure the engine did not put in words: the first line of what went wrong. */
  failed: (reason: string) => `The backup failed: ${reason}`,
  invalidId: 'Invalid backup id',
  notFound: 'Backup not found',
  /** The command's channel to the running server (ADR 039): a wrong token or another machine. */
  channelRefused: 'The server did not accept this request to back up.',
  channelLocalOnly: 'Backups are asked for from this machine only.',
} as const;

/** System Settings → Backups. */
export const BACKUP_TEXTS = {
  tabLabel: 'Backups',
  heading: 'Backups',
  intro:
    'An encrypted archive of the whole firm: the database and every document. Keep a copy away from this machine.',
  loading: 'Loading backups…',
  loadFailed: 'The backups could not be loaded.',
  lastBackup: 'Last backup',
  noneYet: 'No backup has been made yet.',
  nextScheduled: 'Next nightly backup',
  scheduleLine: (hour: number) => `Every night at ${backupHourText(hour)}, Nairobi time.`,
  where: 'Where archives are kept',
  copyOff:
    'Copy them off this machine (another disk, another building or a cloud drive): a backup on the same disk is lost with it.',
  keeps:
    'The newest of each of the last 7 days, 4 weeks and 12 months is kept; older ones are deleted.',
  backUpNow: 'Back up now',
  backingUp: 'Backing up…',
  running: (since: string) => `A backup is running (started ${since}).`,
  /** The engine's last step (archive/manifest.ts BackupProgress): tables, then bytes of files. */
  progress: (step: string, done: number, total: number) =>
    step === 'files'
      ? `Documents: ${backupSizeText(done)} of ${backupSizeText(total)}`
      : `Database: ${done} of ${total} tables`,
  recent: 'Recent backups',
  columns: { when: 'Started', result: 'Result', size: 'Size', by: 'Started by' },
  startedBy: (name: string | null, trigger: BackupTrigger) => name ?? BACKUP_TRIGGER_WORDS[trigger],
  lastLine: (when: string, size: string) => `${when}, ${size}`,
  nextLine: (when: string) => `${when}, Nairobi time`,
  noRecent: 'No backups yet.',
  result: { running: 'Running', succeeded: 'Succeeded', failed: 'Failed' },
  passphraseMissingTitle: 'Backups cannot run',
  hourLabel: 'Nightly backup hour (Nairobi time)',
  saveHour: 'Save hour',
  hourSaved: (hour: number) => `The nightly backup now runs at ${backupHourText(hour)}.`,
} as const;

/** What the bell and the advocates' email say when backups go wrong. */
export const BACKUP_NOTICES = {
  failed: {
    title: 'A backup failed',
    message: (when: string, reason: string) =>
      `The backup started ${when} failed: ${reason} Until one succeeds, the firm's latest data has no copy.`,
  },
  overdue: {
    title: 'No backup for over a day',
    message: (since: string | null) =>
      since
        ? `No backup has succeeded for more than ${BACKUP_OVERDUE_HOURS} hours (the last one finished ${since}). Open System Settings, Backups, to see why.`
        : `No backup has succeeded in the last ${BACKUP_OVERDUE_HOURS} hours. Open System Settings, Backups, to see why.`,
  },
  emailClosing: 'See System Settings, Backups, in the portal:',
} as const;

/** What `npm run backup` prints: one line each. */
export const BACKUP_CLI = {
  noPassphrase:
    'BACKUP_PASSPHRASE is not set: no backup was made. Set it (the same value as the server) and run again.',
  viaServer: 'The server is running: it makes the backup…',
  joined: 'A backup was already running: waiting for it instead of starting another…',
  done: (file: string, size: string, at: string) =>
    `Backup written: ${file} (${size}, ${at}, Nairobi time).`,
  failed: (reason: string) => `Backup failed: ${reason}`,
  serverGone:
    'The server stopped before the backup ended: no archive was made. Start the server and run again.',
  noServerChannel:
    'The server holds the embedded database but its backup channel file is missing: restart the server, or stop it and run again.',
} as const;
