import Holidays from 'date-holidays';

/**
 * Kenyan public holidays from `date-holidays` (maintained: gazetted days, Easter, the Idd dates and
 * Sunday substitutes), so nobody keeps a list by hand. Server-side only: the library is 13 MB with
 * every country's rules; the booking screen asks the API which days are closed.
 */
const kenya = new Holidays('KE', { languages: ['en'], types: ['public'] });

const byYear = new Map<number, ReadonlyMap<string, string>>();

/** The year's public holidays: their day (YYYY-MM-DD) and name ("Jamhuri Day"). */
function holidaysOf(year: number): ReadonlyMap<string, string> {
  let days = byYear.get(year);
  if (!days) {
    days = new Map(
      kenya
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        // `date` is the local calendar day ("2026-12-12 00:00:00"), whatever the rule's zone.
        .map((holiday) => [holiday.date.slice(0, 10), holiday.name] as const),
    );
    byYear.set(year, days);
  }
  return days;
}

/** Whether `date` (YYYY-MM-DD) is a Kenyan public holiday. */
export function isKenyanPublicHoliday(date: string): boolean {
  return holidaysOf(Number(date.slice(0, 4))).has(date);
}

/** The name of the Kenyan public holiday on `date` (YYYY-MM-DD), or null on an ordinary day. */
export function kenyanHolidayName(date: string): string | null {
  return holidaysOf(Number(date.slice(0, 4))).get(date) ?? null;
}
