import type {
  CaseCategory,
  CaseEventType,
  CasePriority,
  CaseStatus,
  PartyRole,
} from '@firm/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { messageAttachments } from './messages';

/**
 * Case files (ADR 014). A case belongs to one client account and may be assigned to an
 * advocate or admin; those accounts cannot be deleted while the case exists (RESTRICT), since case
 * files are kept. Documents, notes, parties and timeline events go with their case, which only an
 * advocate may delete, and only while it is empty.
 */
export const cases = pgTable(
  'cases',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * `MWA/<year>/<sequence>`, given by the server from `case_number_counters`. Its format, and the
     * rule that the client is a client account and the assignee staff, are held by the hand-written
     * migration 0012 (a CHECK and triggers Drizzle cannot declare).
     */
    caseNumber: text().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    category: text().$type<CaseCategory>().notNull(),
    status: text().$type<CaseStatus>().notNull().default('pending'),
    priority: text().$type<CasePriority>().notNull(),
    clientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    assigneeId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    court: text(),
    courtCaseNumber: text(),
    courtDate: timestamp({ withTimezone: true }),
    /** The day-before reminder of this court date went (claimed once; cleared when it moves). */
    courtReminderSentAt: timestamp({ withTimezone: true }),
    /** "Checked: no conflict": why the matches of the conflict check are not a conflict. */
    conflictClearedReason: text(),
    conflictClearedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    conflictClearedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    /** Optimistic concurrency: every change adds one; a change read at another version is 409. */
    version: integer().notNull().default(1),
  },
  (table) => [
    uniqueIndex('cases_case_number_idx').on(table.caseNumber),
    // The target of conversations' (case_id, client_id) foreign key (messages.ts): a conversation
    // may name only a case of its own client.
    uniqueIndex('cases_id_client_idx').on(table.id, table.clientId),
    // The client's own list, newest change first (the cases benchmark's targets).
    // The lists' order is `updated_at desc, id desc` (PostgreSQL's DESC is NULLS FIRST): an index in
    // another direction or null order could not give it, and the first page would sort every case.
    index('cases_client_updated_idx').on(
      table.clientId,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('cases_updated_idx').on(
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('cases_assignee_idx').on(table.assigneeId),
    // The reports (ADR 036): cases opened in a period, open at a day's end by category, and the
    // open ones' ages, from the index alone; cases closed in a period.
    index('cases_created_at_idx').on(table.createdAt, table.closedAt, table.category, table.status),
    index('cases_closed_at_idx')
      .on(table.closedAt)
      .where(sql`${table.closedAt} is not null`),
    index('cases_court_date_idx').on(table.courtDate),
    index('cases_court_reminder_due_idx')
      .on(table.courtDate)
      .where(
        sql`${table.courtDate} is not null and ${table.courtReminderSentAt} is null and ${table.status} <> 'closed'`,
      ),
    index('cases_search_trgm_idx').using(
      'gin',
      sql`(${table.caseNumber} || ' ' || ${table.title} || ' ' || coalesce(${table.courtCaseNumber}, '')) gin_trgm_ops`,
    ),
    check(
      'cases_status_check',
      sql`${table.status} in ('pending', 'in_progress', 'completed', 'closed')`,
    ),
    check('cases_priority_check', sql`${table.priority} in ('low', 'medium', 'high', 'urgent')`),
    check(
      'cases_category_check',
      sql`${table.category} in ('family', 'corporate', 'criminal', 'property', 'employment')`,
    ),
    check(
      'cases_closed_at_check',
      sql`(${table.status} = 'closed') = (${table.closedAt} is not null)`,
    ),
    check('cases_version_check', sql`${table.version} >= 1`),
    check(
      'cases_conflict_cleared_check',
      sql`(${table.conflictClearedReason} is null) = (${table.conflictClearedAt} is null)`,
    ),
  ],
);

/**
 * How many cases each status and assignee has (ADR 014, 019): the staff list's total and the
 * dashboards read these few rows instead of counting every case (at 100k cases a count took 6 to
 * 25 ms, against 0.3 ms for a page). Kept by statement triggers on `cases` (hand-written in
 * migration 0010), in the same transaction as the change. Derived data: no foreign key (a row may
 * outlive its last case at n = 0).
 */
export const caseCounts = pgTable(
  'case_counts',
  {
    status: text().$type<CaseStatus>().notNull(),
    assigneeId: uuid(),
    n: integer().notNull(),
  },
  (table) => [
    unique('case_counts_group_key').on(table.status, table.assigneeId).nullsNotDistinct(),
    check('case_counts_n_check', sql`${table.n} >= 0`),
  ],
);

/** The last case number given in each year: one row per year, bumped inside the insert's transaction. */
export const caseNumberCounters = pgTable(
  'case_number_counters',
  {
    year: integer().primaryKey(),
    lastValue: integer().notNull(),
  },
  (table) => [check('case_number_counters_last_value_check', sql`${table.lastValue} >= 1`)],
);

/** The other side and anyone else involved; searched by the conflict-of-interest check. */
export const caseParties = pgTable(
  'case_parties',
  {
    id: uuid().primaryKey().defaultRandom(),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    role: text().$type<PartyRole>().notNull(),
    name: text().notNull(),
    contact: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('case_parties_case_id_idx').on(table.caseId),
    index('case_parties_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    check(
      'case_parties_role_check',
      sql`${table.role} in ('opposing_party', 'opposing_advocate', 'co_party', 'witness', 'other')`,
    ),
  ],
);

/** A stored file: its bytes live in DOCUMENTS_DIR under the row's id, never its uploaded name. */
export const caseDocuments = pgTable(
  'case_documents',
  {
    id: uuid().primaryKey(),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    visibleToClient: boolean().notNull().default(false),
    /**
     * The message attachment this document was filed from ("File to case", ADR 020): one filed
     * document per attachment, so a second tap answers with this one instead of a copy.
     */
    fromAttachmentId: uuid().references(() => messageAttachments.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('case_documents_case_id_idx').on(table.caseId, table.createdAt),
    uniqueIndex('case_documents_from_attachment_idx')
      .on(table.fromAttachmentId)
      .where(sql`${table.fromAttachmentId} is not null`),
    check('case_documents_size_check', sql`${table.sizeBytes} >= 0`),
    check('case_documents_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

export const caseNotes = pgTable(
  'case_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the note still says who wrote it if the account goes. */
    authorName: text().notNull(),
    content: text().notNull(),
    visibleToClient: boolean().notNull().default(false),
    /**
     * When the note last became visible to the client (null while internal): it may be made
     * internal again, with its notification withdrawn, only shortly after (ADR 014).
     */
    sharedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('case_notes_case_id_idx').on(table.caseId, table.createdAt)],
);

/** The timeline, written by the server in the same transaction as each change. */
export const caseEvents = pgTable(
  'case_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    type: text().$type<CaseEventType>().notNull(),
    details: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Internal notes and documents make internal events: the client's timeline leaves them out. */
    visibleToClient: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('case_events_case_id_idx').on(table.caseId, table.createdAt),
    check(
      'case_events_type_check',
      sql`${table.type} in ('case_created', 'status_changed', 'assigned', 'documents_uploaded', 'note_added', 'court_date_set', 'court_hearing', 'case_closed', 'case_reopened')`,
    ),
  ],
);

export type CaseRow = typeof cases.$inferSelect;
export type NewCaseRow = typeof cases.$inferInsert;
export type CasePartyRow = typeof caseParties.$inferSelect;
export type CaseDocumentRow = typeof caseDocuments.$inferSelect;
export type CaseNoteRow = typeof caseNotes.$inferSelect;
export type CaseEventRow = typeof caseEvents.$inferSelect;
