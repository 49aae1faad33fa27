import { HOLIDAY_TEXTS as T } from '@firm/shared/deadlines/texts';
import type { FirmHoliday, FirmHolidayInput } from '@firm/shared/deadlines/task-schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firmHolidays, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { kenyanHolidayName } from '../../lib/kenyan-holidays';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { listFirmHolidays } from './firm-holidays.repository';

type Row = Awaited<ReturnType<typeof listFirmHolidays>>[number];
const asHoliday = (row: Row): FirmHoliday => ({ ...row, createdAt: row.createdAt.toISOString() });

/** GET /api/settings/holidays. */
export async function firmHolidaysAnswer(db: Db) {
  return { holidays: (await listFirmHolidays(db)).map(asHoliday) };
}

/**
 * POST /api/settings/holidays: a day gazetted at short notice. A day the holiday calendar already
 * has is refused (it counts already), and so is one the firm added before.
 */
export async function addFirmHoliday(
  db: Db,
  user: UserRow,
  input: FirmHolidayInput,
  meta: RequestMeta,
): Promise<FirmHoliday> {
  const known = kenyanHolidayName(input.day);
  if (known) throw AppError.badRequest(T.alreadyPublic(known), { day: T.alreadyPublic(known) });
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(firmHolidays)
      .values({ day: input.day, name: input.name, addedById: user.id })
      .onConflictDoNothing()
      .returning({ day: firmHolidays.day });
    if (!row) throw AppError.conflict(T.alreadyAdded, 'CONFLICT');
    await writeAudit(tx, {
      actorId: user.id,
      action: 'firm_holiday.added',
      ip: meta.ip,
      details: { day: input.day, name: input.name },
    });
  });
  const added = (await listFirmHolidays(db)).find((row) => row.day === input.day)!;
  return asHoliday(added);
}

/** DELETE /api/settings/holidays/{day} (advocates). */
export async function removeFirmHoliday(db: Db, user: UserRow, day: string, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(firmHolidays).where(eq(firmHolidays.day, day)).returning();
    if (!row) throw AppError.notFound(T.notFound);
    await writeAudit(tx, {
      actorId: user.id,
      action: 'firm_holiday.removed',
      ip: meta.ip,
      details: { day: row.day, name: row.name },
    });
  });
  return { success: true as const, message: T.removed };
}
