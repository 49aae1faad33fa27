/**
 * Dates as a person types them (day/month/year, a 24-hour clock) and as the API takes them
 * ('YYYY-MM-DD', 'YYYY-MM-DDTHH:mm'). A browser's own date inputs follow the browser's locale
 * (mm/dd/yyyy and 08:30 AM in an American Chromium), not the page's, so the fields are text.
 */

export type DateKind = 'date' | 'datetime';

const DAY_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** 12/12/2026, 12.12.2026, 12-12-2026, 12 12 2026, 12122026; ISO as pasted (2026-12-12). */
const TYPED_DAY = /^(\d{1,2})[/.\- ]+(\d{1,2})[/.\- ]+(\d{4})$|^(\d{2})(\d{2})(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** 08:30, 8:30, 08.30, 0830 (after the day, a space, a comma or a T between). */
const TYPED_TIME = /^(\d{1,2})[:.h]?(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

function dayOf(year: number, month: number, date: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || date < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (date > last) return null;
  return `${year}-${pad(month)}-${pad(date)}`;
}

function parseDay(text: string): string | null {
  const iso = ISO_DAY.exec(text);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const typed = TYPED_DAY.exec(text);
  if (!typed) return null;
  const [d, m, y] = typed[1] ? [typed[1], typed[2], typed[3]] : [typed[4], typed[5], typed[6]];
  return dayOf(Number(y), Number(m), Number(d));
}

/**
 * The API's value of what was typed: 'YYYY-MM-DD' (or 'YYYY-MM-DDTHH:mm'), '' for nothing, or
 * null for text that is not a date of that kind.
 */
export function parseTypedDate(text: string, kind: DateKind): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (kind === 'date') return parseDay(trimmed);
  const split = /^(.+?)(?:[ ,T]+|\s*,\s*)(\d{1,2}[:.h]?\d{2})$/.exec(trimmed);
  if (!split) return null;
  const day = parseDay(split[1]!.trim());
  const time = TYPED_TIME.exec(split[2]!);
  if (!day || !time) return null;
  const hours = Number(time[1]);
  const minutes = Number(time[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${day}T${pad(hours)}:${pad(minutes)}`;
}

/** An API value as a person reads and types it: 14/12/2026 (08:30); '' when it is not one. */
export function formatTypedDate(value: string, kind: DateKind): string {
  if (kind === 'date') {
    const day = DAY_VALUE.exec(value);
    return day ? `${day[3]}/${day[2]}/${day[1]}` : '';
  }
  const both = DATE_TIME_VALUE.exec(value);
  return both ? `${both[3]}/${both[2]}/${both[1]} ${both[4]}:${both[5]}` : '';
}

/** Whether a value is one the API takes for that kind of field ('' is none). */
export const isDateValue = (value: string, kind: DateKind = 'date') =>
  (kind === 'date' ? DAY_VALUE : DATE_TIME_VALUE).test(value);
