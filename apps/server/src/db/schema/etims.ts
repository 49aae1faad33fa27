import type { EtimsTransmissionKind, EtimsTransmissionState } from '@firm/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { feeNotes } from './billing';

/**
 * KRA eTIMS' device for one branch (ADR 049): what `selectInitOsdcInfo` answered, the
 * communication key sealed with the server's secret box as authenticator keys are (ADR 037), and
 * the branch's invoice counter. The row is written when the branch's first fee note is issued or
 * the device is initialised, whichever comes first; taking it `FOR UPDATE` is how a branch's next
 * `invcNo` is claimed and how one sender per branch is chosen across processes.
 */
export const etimsDevices = pgTable(
  'etims_devices',
  {
    /** KRA's `bhfId`, `00` for the head office. */
    branchId: text().primaryKey(),
    deviceSerial: text().notNull(),
    sdcId: text(),
    mrcNo: text(),
    sealedCmcKey: text(),
    initialisedAt: timestamp({ withTimezone: true }),
    /** The last `invcNo` claimed in this branch: the next is this plus one, gap-free. */
    lastInvcNo: integer().notNull().default(0),
    /** Why the last initialisation failed, in plain words; null once it succeeded. */
    lastError: text(),
    lastErrorAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('etims_devices_last_invc_no_check', sql`${table.lastInvcNo} >= 0`),
    check(
      'etims_devices_initialised_check',
      sql`(${table.initialisedAt} is null) = (${table.sealedCmcKey} is null) and (${table.initialisedAt} is null) = (${table.sdcId} is null)`,
    ),
  ],
);

/**
 * One fee note's (or its credit note's) transmission to KRA: the durable job written in the
 * issuing or cancelling transaction (ADR 049, ADR 028). awaiting → sending → sent | refused;
 * KRA's answer is stored as KRA names it.
 */
export const etimsTransmissions = pgTable(
  'etims_transmissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    feeNoteId: uuid()
      .notNull()
      .references(() => feeNotes.id, { onDelete: 'restrict' }),
    /** `sale` for the fee note, `credit` for its credit note. */
    kind: text().$type<EtimsTransmissionKind>().notNull(),
    branchId: text()
      .notNull()
      .references(() => etimsDevices.branchId, { onDelete: 'restrict' }),
    invcNo: integer().notNull(),
    /** The sale's `invcNo` for a credit note, 0 for a sale. */
    orgInvcNo: integer().notNull().default(0),
    state: text().$type<EtimsTransmissionState>().notNull().default('awaiting'),
    attempts: integer().notNull().default(0),
    /** When the current run of attempts began (written, or Retry): 48 hours on, it fails. */
    tryingSince: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When KRA had not answered for 48 hours and the sending stopped (`failed`). */
    failedAt: timestamp({ withTimezone: true }),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the current `sending` began: after its lease it is sent again (ADR 049). */
    sendingSince: timestamp({ withTimezone: true }),
    curRcptNo: integer(),
    totRcptNo: integer(),
    intrlData: text(),
    rcptSign: text(),
    sdcDateTime: text(),
    resultCd: text(),
    resultMsg: text(),
    sentAt: timestamp({ withTimezone: true }),
    /**
     * A sale's client email waits for KRA's answer until this (null: it went at issue, eTIMS
     * not set up then, or a credit note); each of its two emails is claimed once (ADR 049).
     */
    clientEmailDueAt: timestamp({ withTimezone: true }),
    provisionalEmailedAt: timestamp({ withTimezone: true }),
    signedEmailedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('etims_transmissions_branch_invc_no_idx').on(table.branchId, table.invcNo),
    uniqueIndex('etims_transmissions_fee_note_kind_idx').on(table.feeNoteId, table.kind),
    index('etims_transmissions_unsent_idx')
      .on(table.branchId, table.invcNo)
      .where(sql`${table.state} not in ('sent', 'kra_has_it')`),
    index('etims_transmissions_client_email_idx')
      .on(table.clientEmailDueAt)
      .where(sql`${table.clientEmailDueAt} is not null and ${table.signedEmailedAt} is null`),
    check('etims_transmissions_kind_check', sql`${table.kind} in ('sale', 'credit')`),
    check(
      'etims_transmissions_state_check',
      sql`${table.state} in ('awaiting', 'sending', 'sent', 'kra_has_it', 'refused', 'failed')`,
    ),
    // 994 is what makes "KRA has it"; a failed one says when it stopped.
    check(
      'etims_transmissions_held_check',
      sql`(${table.state} <> 'kra_has_it' or ${table.resultCd} = '994') and ((${table.state} = 'failed') = (${table.failedAt} is not null))`,
    ),
    check(
      'etims_transmissions_client_email_check',
      sql`(${table.clientEmailDueAt} is null or ${table.kind} = 'sale') and (${table.provisionalEmailedAt} is null or ${table.clientEmailDueAt} is not null) and (${table.signedEmailedAt} is null or ${table.clientEmailDueAt} is not null)`,
    ),
    check(
      'etims_transmissions_numbers_check',
      sql`${table.invcNo} > 0 and ${table.attempts} >= 0 and (${table.kind} = 'sale') = (${table.orgInvcNo} = 0) and ${table.orgInvcNo} >= 0 and ${table.orgInvcNo} < ${table.invcNo}`,
    ),
    check(
      'etims_transmissions_sending_check',
      sql`(${table.state} = 'sending') = (${table.sendingSince} is not null)`,
    ),
    // A sent transmission carries KRA's receipt; a refused one KRA's code and message.
    check(
      'etims_transmissions_answer_check',
      sql`(${table.state} <> 'sent' or (${table.curRcptNo} is not null and ${table.totRcptNo} is not null and ${table.rcptSign} is not null and ${table.sdcDateTime} is not null and ${table.sentAt} is not null)) and (${table.state} <> 'refused' or (${table.resultCd} is not null and ${table.resultMsg} is not null))`,
    ),
  ],
);
