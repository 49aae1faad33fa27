/**
 * A due date the API accepts: a fee note falls due on a working day (docs/product-rules.md
 * #billing), not a Saturday, Sunday or Kenyan public holiday. The specs do not import the app's
 * code, so this skips weekends and the holidays fixed by date; the movable ones (Good Friday,
 * Easter Monday, the Idd days) it does not know, and the API would refuse such a day by name.
 */
const FIXED_HOLIDAYS = ['01-01', '05-01', '06-01', '10-10', '10-20', '12-12', '12-25', '12-26'];

export function workingDayFrom(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const isOff = () =>
    date.getUTCDay() === 0 ||
    date.getUTCDay() === 6 ||
    FIXED_HOLIDAYS.includes(date.toISOString().slice(5, 10));
  while (isOff()) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
