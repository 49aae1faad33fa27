import type {
  AppointmentLocation,
  AppointmentStatus,
  AppointmentType,
  CancelledBy,
  PaymentMethod,
  PaymentStatus,
} from '@firm/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One meeting in one advocate's diary. No two live appointments of an advocate overlap:
 * the exclusion constraint `appointments_no_overlap` (hand-written at the end of the migration,
 * drizzle cannot express it) holds across every server process. Nor do two of one client's
 * (`appointments_client_no_overlap`) or of one visitor email's
 * (`appointments_visitor_email_no_overlap`), hand-written in 0015.
 *
 * The client's name and contact details are copied onto the row: a visitor has no account, and an
 * appointment must still say who came after a client account is deleted.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull(),
    type: text().$type<AppointmentType>().notNull(),
    status: text().$type<AppointmentStatus>().notNull().default('scheduled'),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    /** Whole Kenyan shillings. */
    feeKsh: integer().notNull(),
    paymentStatus: text().$type<PaymentStatus>().notNull().default('pending'),
    paymentMethod: text().$type<PaymentMethod>(),
    paymentReference: text(),
    paidAt: timestamp({ withTimezone: true }),
    location: text().$type<AppointmentLocation>().notNull().default('office'),
    officeId: text(),
    meetingLink: text(),
    /** The client's account; null for a visitor (or once the account is deleted). */
    clientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    clientFirstName: text().notNull(),
    clientLastName: text().notNull(),
    clientEmail: text().notNull(),
    clientPhone: text(),
    /** Whose diary; null only once that advocate's account is deleted. */
    advocateId: uuid().references(() => users.id, { onDelete: 'set null' }),
    bookedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** A visitor's consent to the privacy notice (DPA 2019), as on the contact form. */
    consentAt: timestamp({ withTimezone: true }),
    noticeVersion: text(),
    ipAddress: text(),
    /** SHA-256 of the visitor's emailed link token (the token itself is never stored). */
    visitorTokenHash: text(),
    cancellationReason: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    /**
     * Who cancelled (ADR 015): the person booked (a client or the visitor's link), the firm
     * (staff), or the system (a visitor's hold that ran out). Null while not cancelled.
     */
    cancelledBy: text().$type<CancelledBy>(),
    /** iCalendar SEQUENCE: raised by every change sent to the attendee's calendar. */
    sequence: integer().notNull().default(0),
    /** Claimed by the one process that sends the 24-hour reminder. */
    reminderSentAt: timestamp({ withTimezone: true }),
    /** Claimed by the one process that texts the client 2 hours before (ADR 033). */
    soonReminderSentAt: timestamp({ withTimezone: true }),
    /**
     * A visitor's booking holds its slot only until then, unless the visitor confirms it from the
     * emailed link (ADR 022); null once confirmed, and for every other booking.
     */
    holdExpiresAt: timestamp({ withTimezone: true }),
    /** When the visitor confirmed the booking from the emailed link (proving the address). */
    visitorConfirmedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index('appointments_advocate_starts_at_idx').on(table.advocateId, table.startsAt),
    index('appointments_client_id_idx').on(table.clientId),
    index('appointments_starts_at_idx').on(table.startsAt),
    // The reports (ADR 036): a period's appointments by month, status, type, advocate, who
    // cancelled, and their fees, from the index alone.
    index('appointments_starts_at_report_idx').on(
      table.startsAt,
      table.status,
      table.type,
      table.advocateId,
      table.cancelledBy,
      table.feeKsh,
    ),
    index('appointments_booked_by_id_idx').on(table.bookedById),
    // Dashboards (ADR 019): booking requests waiting, fees owed and fees paid in a month, each
    // counted and summed from its index alone.
    index('appointments_scheduled_starts_at_idx')
      .on(table.startsAt)
      .where(sql`${table.status} = 'scheduled' and ${table.holdExpiresAt} is null`),
    index('appointments_owed_starts_at_idx')
      .on(table.startsAt, table.feeKsh)
      .where(
        sql`${table.paymentStatus} = 'pending' and ${table.status} <> 'cancelled' and ${table.feeKsh} > 0`,
      ),
    index('appointments_paid_at_idx')
      .on(table.paidAt, table.feeKsh)
      .where(sql`${table.paymentStatus} = 'paid'`),
    uniqueIndex('appointments_visitor_token_hash_idx').on(table.visitorTokenHash),
    index('appointments_reminder_due_idx')
      .on(table.startsAt)
      .where(sql`${table.status} = 'confirmed' and ${table.reminderSentAt} is null`),
    index('appointments_soon_reminder_due_idx')
      .on(table.startsAt)
      .where(
        sql`${table.status} = 'confirmed' and ${table.soonReminderSentAt} is null and ${table.clientId} is not null`,
      ),
    index('appointments_hold_expires_at_idx')
      .on(table.holdExpiresAt)
      .where(sql`${table.status} = 'scheduled' and ${table.holdExpiresAt} is not null`),
    index('appointments_visitor_unconfirmed_idx')
      .on(table.createdAt)
      .where(sql`${table.clientId} is null and ${table.visitorConfirmedAt} is null`),
    check(
      'appointments_hold_check',
      sql`${table.holdExpiresAt} is null or (${table.clientId} is null and ${table.visitorConfirmedAt} is null)`,
    ),
    check(
      'appointments_type_check',
      sql`${table.type} in ('preliminary_call', 'consultation', 'follow_up', 'court_appearance')`,
    ),
    check(
      'appointments_status_check',
      sql`${table.status} in ('scheduled', 'confirmed', 'completed', 'cancelled')`,
    ),
    check('appointments_payment_status_check', sql`${table.paymentStatus} in ('pending', 'paid')`),
    check(
      'appointments_payment_method_check',
      sql`${table.paymentMethod} is null or ${table.paymentMethod} in ('cash', 'bank', 'cheque', 'mpesa')`,
    ),
    check('appointments_location_check', sql`${table.location} in ('office', 'phone', 'video')`),
    check('appointments_range_check', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'appointments_duration_check',
      sql`${table.endsAt} = ${table.startsAt} + make_interval(mins => ${table.durationMinutes})`,
    ),
    check(
      'appointments_cancelled_by_check',
      sql`${table.cancelledBy} is null or ${table.cancelledBy} in ('client', 'firm', 'system')`,
    ),
    check('appointments_fee_check', sql`${table.feeKsh} >= 0`),
    check(
      'appointments_cancelled_check',
      sql`(${table.status} = 'cancelled') = (${table.cancelledAt} is not null)`,
    ),
  ],
);

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;

/** What happened to an appointment, oldest first: rescheduling keeps where it was before. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** booked, confirmed, rescheduled, updated, paid, completed, cancelled, reminded. */
    action: text().notNull(),
    /** Null for a visitor acting through their link, or the reminder job. */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    details: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('appointment_events_appointment_id_idx').on(table.appointmentId, table.createdAt),
    index('appointment_events_actor_id_idx').on(table.actorId),
  ],
);
