import {
  BACKUP_STATUSES,
  BACKUP_TRIGGERS,
  type BackupStatus,
  type BackupTrigger,
} from '@firm/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * One backup each (ADR 039): who or what started it, how it ended. At most one row is `running`
 * at a time, whatever the number of processes (the partial unique index is the claim); its
 * process renews `lease_until` while it works, so a run whose process died (kill -9, power cut) is
 * known by its lapsed lease and marked failed by the next run or at start-up.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    trigger: text().$type<BackupTrigger>().notNull(),
    status: text().$type<BackupStatus>().notNull().default('running'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /** The archive's name in BACKUP_DIR (its `.partial` while running); null: never started. */
    fileName: text(),
    sizeBytes: bigint({ mode: 'number' }),
    /** One line a person understands; never a stack trace. */
    error: text(),
    /** `host:pid` of the process doing the work. */
    claimedBy: text().notNull(),
    /** Renewed while the run works; lapsed while `running`: its process died. */
    leaseUntil: timestamp({ withTimezone: true }).notNull(),
    /** The step the engine reported last, for the screen. */
    progress: jsonb().$type<{ step: string; done: number; total: number }>(),
    requestedById: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('backup_runs_one_running_idx')
      .on(table.status)
      .where(sql`${table.status} = 'running'`),
    index('backup_runs_started_at_idx').on(table.startedAt),
    check('backup_runs_trigger_check', sql`${table.trigger} in (${quoted(BACKUP_TRIGGERS)})`),
    check('backup_runs_status_check', sql`${table.status} in (${quoted(BACKUP_STATUSES)})`),
    check(
      'backup_runs_finished_check',
      sql`(${table.status} = 'running') = (${table.finishedAt} is null)`,
    ),
  ],
);

/**
 * What must happen once across every process, by key: each night's scheduled backup
 * (`nightly:<Nairobi date>`) and each incident the advocates are told of (a failed run, a day
 * without a good one). Inserting the key is the claim.
 */
export const backupOnce = pgTable('backup_once', {
  key: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type BackupRunRow = typeof backupRuns.$inferSelect;
