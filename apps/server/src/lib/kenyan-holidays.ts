import Holidays from 'date-holidays';

/**
 * Kenyan public holidays from `date-holidays` (maintained: gazetted days, Easter, the Idd dates and
 * Sunday substitutes), so nobody keeps a list by hand. Server-side only: the library is 13 MB with
 * every country's rules; the booking screen asks the API which days are closed.
 */
const kenya = new Holidays('KE', { languages: ['en'], types: ['public'] });

const byYear = new Map<number, ReadonlySet<string>>();

function holidaysOf(year: number): ReadonlySet<string> {
  let days = byYear.get(year);
  if (!days) {
    days = new Set(
      kenya
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        // `date` is the local calendar day ("2026-12-12 00:00:00"), whatever the rule's zone.
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    byYear.set(year, days);
  }
  return days;
}

/** Whether `date` (YYYY-MM-DD) is a Kenyan public holiday. */
export function isKenyanPublicHoliday(date: string): boolean {
  return holidaysOf(Number(date.slice(0, 4))).has(date);
}
