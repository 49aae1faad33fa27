import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  clientMoneyEntries,
  clientMoneyMpesaDeposits as deposits,
  moneyAccounts,
  type ClientMoneyMpesaDepositRow,
  type MoneyAccountRow,
} from '../../db/schema';

/** Deposits paid by M-Pesa (ADR 045, "M-Pesa deposits"): the pushes and the account they pay. */

export type NewMpesaDeposit = typeof deposits.$inferInsert;
export type MpesaDepositPatch = Partial<Omit<NewMpesaDeposit, 'id' | 'createdAt'>>;

/**
 * The firm's M-Pesa client account: a client account at M-Pesa (however the institution was
 * spelt: "M-Pesa", "MPESA", "Safaricom M-PESA") whose number is the paybill or till the pushes
 * pay (MPESA_SHORTCODE). The unique (institution, number) index allows one per spelling; the
 * earliest added is the one.
 */
export async function mpesaClientAccount(
  db: Executor,
  shortcode: string,
): Promise<MoneyAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(moneyAccounts)
    .where(
      and(
        eq(moneyAccounts.kind, 'client'),
        eq(moneyAccounts.number, shortcode),
        sql`regexp_replace(lower(${moneyAccounts.institution}), '[^a-z]', '', 'g') like '%mpesa%'`,
      ),
    )
    .orderBy(asc(moneyAccounts.createdAt), asc(moneyAccounts.id))
    .limit(1);
  return row;
}

export async function insertMpesaDeposit(
  tx: Executor,
  values: NewMpesaDeposit,
): Promise<ClientMoneyMpesaDepositRow> {
  const [row] = await tx.insert(deposits).values(values).returning();
  return row!;
}

export async function updateMpesaDeposit(
  db: Executor,
  id: string,
  patch: MpesaDepositPatch,
): Promise<ClientMoneyMpesaDepositRow> {
  const [row] = await db
    .update(deposits)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(deposits.id, id))
    .returning();
  return row!;
}

/** The deposit's row, locked for the rest of `tx`: its confirmations take turns (the claim). */
export async function lockMpesaDeposit(
  tx: Executor,
  by: { id: string } | { checkoutRequestId: string },
): Promise<ClientMoneyMpesaDepositRow | undefined> {
  const [row] = await tx
    .select()
    .from(deposits)
    .where(
      'id' in by ? eq(deposits.id, by.id) : eq(deposits.checkoutRequestId, by.checkoutRequestId),
    )
    .for('update')
    .limit(1);
  return row;
}

/**
 * One deposit and its receipt's CR number once posted; with `clientId`, only that client's
 * (another's is not found).
 */
export async function findMpesaDeposit(db: Executor, id: string, clientId?: string) {
  const [row] = await db
    .select({ deposit: deposits, receiptNumber: clientMoneyEntries.receiptNumber })
    .from(deposits)
    .leftJoin(clientMoneyEntries, eq(clientMoneyEntries.id, deposits.entryId))
    .where(and(eq(deposits.id, id), clientId ? eq(deposits.clientId, clientId) : undefined))
    .limit(1);
  return row;
}

/** How many pushes `clientId` asked for since `since`, and whether one is still pending since `recent`. */
export async function recentMpesaDeposits(
  tx: Executor,
  clientId: string,
  since: Date,
  recent: Date,
): Promise<{ asked: number; pendingRecently: boolean }> {
  const [row] = await tx
    .select({
      asked: count(),
      pendingRecently: sql<boolean>`coalesce(bool_or(${deposits.status} = 'pending' and ${deposits.createdAt} >= ${recent}), false)`,
    })
    .from(deposits)
    .where(and(eq(deposits.clientId, clientId), gte(deposits.createdAt, since)));
  return { asked: Number(row?.asked ?? 0), pendingRecently: Boolean(row?.pendingRecently) };
}

/** Pending pushes whose next query is due, the longest-due first (a callback may never come). */
export async function dueMpesaDeposits(db: Executor, now: Date, limit: number) {
  return db
    .select({ id: deposits.id, checkoutRequestId: deposits.checkoutRequestId })
    .from(deposits)
    .where(and(eq(deposits.status, 'pending'), lte(deposits.nextQueryAt, now)))
    .orderBy(asc(deposits.nextQueryAt))
    .limit(limit);
}

/** A client's deposits by M-Pesa, oldest first, with each receipt's CR number once posted. */
export async function mpesaDepositsOfClient(db: Executor, clientId: string) {
  return db
    .select({ deposit: deposits, receiptNumber: clientMoneyEntries.receiptNumber })
    .from(deposits)
    .leftJoin(clientMoneyEntries, eq(clientMoneyEntries.id, deposits.entryId))
    .where(eq(deposits.clientId, clientId))
    .orderBy(asc(deposits.createdAt), asc(deposits.id));
}
