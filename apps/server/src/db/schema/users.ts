import type { AdminPermissions, Role, VerificationStatus } from '@firm/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
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

/**
 * Every account: advocates, admins and clients (docs/product-rules.md#records, "User"). Advocates carry their
 * professional details and a verification status; admins their six permission toggles.
 */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored lower-case; unique whatever the case it was typed in. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** E.164 (`+2547…`), or null when not given. */
    phone: text(),
    role: text().$type<Role>().notNull(),
    isActive: boolean().notNull().default(true),
    /** Advocates only: the first one is verified at once, later ones wait ('pending'). */
    verificationStatus: text().$type<VerificationStatus>(),
    /** Set with a temporary password: the API refuses all but a password change until done. */
    mustChangePassword: boolean().notNull().default(false),
    /** Admins only: the six toggles (docs/roles-and-permissions.md). */
    permissions: jsonb().$type<AdminPermissions>(),
    licenseNumber: text(),
    specializations: text().array(),
    experience: integer(),
    education: text(),
    barAdmission: text(),
    /**
     * Staff without a second factor: when they must have set one up, fixed at their first sign-in
     * without one (now plus the firm's grace days) and cleared when they set one up. Past it, the
     * API opens only that setup (ADR 037). Null: nothing due.
     */
    twoFactorDueAt: timestamp({ withTimezone: true }),
    failedLoginCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    lastLogin: timestamp({ withTimezone: true }),
    /**
     * Clients only: the number of their paybill reference (`clientPaymentReference`: 34 →
     * MW0034), given from a sequence when the client is created (migration 0042's trigger).
     */
    paymentReference: integer().unique(),
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    index('users_role_idx').on(table.role),
    // Dashboards (ADR 019): new clients this month.
    index('users_role_created_at_idx').on(table.role, table.createdAt),
    check('users_role_check', sql`${table.role} in ('advocate', 'admin', 'client')`),
    check(
      'users_verification_status_check',
      sql`(${table.role} = 'advocate') = (${table.verificationStatus} is not null) and (${table.verificationStatus} is null or ${table.verificationStatus} in ('pending', 'verified'))`,
    ),
    check(
      'users_admin_permissions_check',
      sql`${table.role} <> 'admin' or ${table.permissions} is not null`,
    ),
    check('users_experience_check', sql`${table.experience} is null or ${table.experience} >= 0`),
    check(
      'users_two_factor_due_check',
      sql`${table.role} <> 'client' or ${table.twoFactorDueAt} is null`,
    ),
    check('users_failed_login_count_check', sql`${table.failedLoginCount} >= 0`),
    check(
      'users_email_check',
      sql`${table.email} = lower(${table.email}) and length(${table.email}) between 3 and 254`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
