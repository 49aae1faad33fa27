import { newContactReference } from '@firm/shared';
import type { Executor } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type NewContactMessage = Omit<typeof contactMessages.$inferInsert, 'reference'>;

/** Draws of a reference before giving up: a clash is one in millions, five in a row never. */
const REFERENCE_ATTEMPTS = 5;

/**
 * Stores the message under a fresh short reference, drawing again while the
 * reference is taken. ON CONFLICT, not a caught unique violation: a failed statement would abort
 * the caller's whole transaction on PostgreSQL.
 */
export async function insertContactMessage(db: Executor, message: NewContactMessage) {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt += 1) {
    const [row] = await db
      .insert(contactMessages)
      .values({ ...message, reference: newContactReference() })
      .onConflictDoNothing({ target: contactMessages.reference })
      .returning();
    if (row) return row;
  }
  throw new Error('no free contact message reference');
}
