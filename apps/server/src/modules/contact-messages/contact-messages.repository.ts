import type { Executor } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type NewContactMessage = typeof contactMessages.$inferInsert;

export async function insertContactMessage(db: Executor, message: NewContactMessage) {
  const [row] = await db.insert(contactMessages).values(message).returning();
  return row!;
}
