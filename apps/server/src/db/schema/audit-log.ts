import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who did what to which account, when and from where (docs/roles-and-permissions.md). Rows
 * outlive the people they name: a deleted user's id becomes null, and `details` keeps the email.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    targetUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    ip: text(),
    details: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_actor_id_idx').on(table.actorId),
    index('audit_log_target_user_id_idx').on(table.targetUserId),
    index('audit_log_action_idx').on(table.action),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
