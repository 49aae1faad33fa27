import { asc, eq, sql } from 'drizzle-orm';
import type { HolidayCheck } from '@firm/shared/deadlines/day-count';
import type { Executor } from '../../db/client';
import { firmHolidays, users } from '../../db/schema';
import { isKenyanPublicHoliday } from '../../lib/kenyan-holidays';

/** The firm's own public holidays (gazetted at short notice), in day order. */
export async function listFirmHolidays(db: Executor) {
  return db
    .select({
      day: firmHolidays.day,
      name: firmHolidays.name,
      addedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      createdAt: firmHolidays.createdAt,
    })
    .from(firmHolidays)
    .leftJoin(users, eq(users.id, firmHolidays.addedById))
    .orderBy(asc(firmHolidays.day));
}

/**
 * "Is this a public holiday", as the day counting on the server asks it (ADR 051): the days the
 * holiday library knows, and those the firm added. The firm's are read once per count.
 */
export async function holidayCheck(db: Executor): Promise<HolidayCheck> {
  const rows = await db.select({ day: firmHolidays.day }).from(firmHolidays);
  const firm = new Set(rows.map((row) => row.day));
  return (day) => firm.has(day) || isKenyanPublicHoliday(day);
}
