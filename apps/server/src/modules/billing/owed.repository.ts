import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appointments, feeNotes, payments } from '../../db/schema';

/**
 * What a client owes, the one rule every screen, email and report that states it reads
 * (docs/product-rules.md#billing): the balance of each issued or partly paid fee note, and each
 * live appointment's fee still unpaid less what was paid on it; a cancelled fee note (its credit
 * note) or appointment counts nothing, a paid one nothing more.
 */
export interface Owed {
  totalKsh: number;
  /** How many fee notes and appointments the total is owed on. */
  count: number;
}

const count = sql<number>`count(*)`.mapWith(Number);

export async function owedByClient(db: Executor, clientId: string): Promise<Owed> {
  const paidOnAppointment = sql`(select coalesce(sum(${payments.amountKsh}), 0) from ${payments}
    where ${payments.appointmentId} = ${appointments.id} and ${payments.status} = 'succeeded')`;
  const [[notes], [fees]] = await Promise.all([
    db
      .select({
        count,
        sum: sql<number>`coalesce(sum(${feeNotes.totalKsh} - ${feeNotes.paidKsh}), 0)`.mapWith(
          Number,
        ),
      })
      .from(feeNotes)
      .where(
        and(eq(feeNotes.clientId, clientId), inArray(feeNotes.status, ['issued', 'partly_paid'])),
      ),
    db
      .select({
        count,
        sum: sql<number>`coalesce(sum(${appointments.feeKsh} - ${paidOnAppointment}), 0)`.mapWith(
          Number,
        ),
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.clientId, clientId),
          eq(appointments.paymentStatus, 'pending'),
          ne(appointments.status, 'cancelled'),
          sql`${appointments.feeKsh} > 0`,
        ),
      ),
  ]);
  return {
    totalKsh: (notes?.sum ?? 0) + (fees?.sum ?? 0),
    count: (notes?.count ?? 0) + (fees?.count ?? 0),
  };
}
