import { isCalendarDay, isDayInBounds } from '@firm/shared';

/**
 * Reading one cell of a bank or M-Pesa statement: a date (with its clock time, if written) and an
 * amount in whole shillings. Pure, so the import's rules are tested cell by cell; the words for
 * each failure are the caller's (CLIENT_MONEY_STATEMENT_TEXTS in packages/shared/src/client-money/texts.ts), with the line and column it knows.
 * The accepted spellings are listed in docs/client-money-statements.md.
 */

export type DateCell =
  | { ok: true; date: string; time: string | null }
  | { ok: false; problem: 'missing' | 'unreadable' | 'not_a_day' | 'out_of_range' };

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const TIME = '(?:[ T,]+(\\d{1,2}):(\\d{2})(?::(\\d{2}))?(?:\\.\\d+)?\\s*([ap]\\.?m\\.?)?)?';

/** 2026-11-30 or 2026/11/30, the M-Pesa portal's and a spreadsheet's own spelling. */
const YEAR_FIRST = new RegExp(`^(\\d{4})[-/](\\d{1,2})[-/](\\d{1,2})${TIME}$`, 'i');
/** 30/11/2026, 30-11-2026, 30.11.26: Kenyan banks write the day first, never the month. */
const DAY_FIRST = new RegExp(`^(\\d{1,2})[-/.](\\d{1,2})[-/.](\\d{4}|\\d{2})${TIME}$`, 'i');
/** 30-Nov-2026, 30 NOV 26, 30 November 2026. */
const MONTH_WORD = new RegExp(`^(\\d{1,2})[- ]${MONTH_NAME}[- ,]+(\\d{4}|\\d{2})${TIME}$`, 'i');

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A statement's date cell: the Nairobi calendar day as written, and the clock time when the cell
 * has one. Nothing is converted between zones: Kenyan banks and Safaricom write Nairobi time, and
 * the journal keeps Nairobi days, so 30/11/2026 23:59:59 stays in November.
 */
export function readDateCell(cell: string): DateCell {
  const text = cell.trim().replace(/\s+/g, ' ');
  if (text === '') return { ok: false, problem: 'missing' };
  let parts: { year: number; month: number; day: number; rest: (string | undefined)[] } | null =
    null;
  let match = YEAR_FIRST.exec(text);
  if (match) {
    parts = { year: +match[1]!, month: +match[2]!, day: +match[3]!, rest: match.slice(4) };
  } else if ((match = DAY_FIRST.exec(text))) {
    parts = { year: fullYear(match[3]!), month: +match[2]!, day: +match[1]!, rest: match.slice(4) };
  } else if ((match = MONTH_WORD.exec(text))) {
    const month = MONTHS[match[2]!.toLowerCase().slice(0, 3)]!;
    parts = { year: fullYear(match[3]!), month, day: +match[1]!, rest: match.slice(4) };
  }
  if (!parts) return { ok: false, problem: 'unreadable' };
  const time = clockTime(parts.rest);
  if (time === undefined) return { ok: false, problem: 'unreadable' };
  const date = `${String(parts.year).padStart(4, '0')}-${pad(parts.month)}-${pad(parts.day)}`;
  if (!isCalendarDay(date)) return { ok: false, problem: 'not_a_day' };
  if (!isDayInBounds(date)) return { ok: false, problem: 'out_of_range' };
  return { ok: true, date, time };
}

/** A two-digit year is this century's: statements are recent. */
const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));

/** 'HH:MM:SS' from the time groups, null when the cell has no time, undefined when it is wrong. */
function clockTime([hours, minutes, seconds, meridiem]: (string | undefined)[]):
  string | null | undefined {
  if (hours === undefined) return null;
  let hour = Number(hours);
  const minute = Number(minutes);
  const second = seconds === undefined ? 0 : Number(seconds);
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    const afternoon = meridiem.toLowerCase().startsWith('p');
    hour = (hour % 12) + (afternoon ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return `${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

export type AmountCell =
  | { ok: true; amountKsh: number | null }
  | { ok: false; problem: 'unreadable' | 'cents' | 'too_large' };

/** Under a trillion shillings: more is a misread cell (an account number in the wrong column). */
export const MAX_STATEMENT_AMOUNT = 999_999_999_999;

const GROUPED = /^\d{1,3}(?:,\d{3})+$/;
const PLAIN = /^\d+$/;

/**
 * An amount cell in whole shillings, signed as written: "12,500", "12500.00", "KES 1,250,000",
 * "-4,000.00" and "(4,000.00)" (an accountant's minus) are read; an empty cell is null. Cents
 * other than .00 are refused, not rounded: the journal holds whole shillings (docs/product-rules.md),
 * so a line of 1,234.50 could never match an entry, and rounding it would make the statement's
 * own balances disagree with its lines.
 */
export function readAmountCell(cell: string): AmountCell {
  let text = cell.trim().replace(/\s+/g, '');
  if (text === '' || text === '-') return { ok: true, amountKsh: null };
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  text = text.replace(/^(?:kes|ksh|kshs)\.?/i, '');
  if (text.startsWith('-') || text.startsWith('+')) {
    negative = negative !== text.startsWith('-');
    text = text.slice(1);
  }
  text = text.replace(/^(?:kes|ksh|kshs)\.?/i, '');
  const [whole = '', fraction, ...more] = text.split('.');
  if (more.length > 0 || !(GROUPED.test(whole) || PLAIN.test(whole))) {
    return { ok: false, problem: 'unreadable' };
  }
  if (fraction !== undefined && !/^\d+$/.test(fraction))
    return { ok: false, problem: 'unreadable' };
  if (fraction !== undefined && /[1-9]/.test(fraction)) return { ok: false, problem: 'cents' };
  const value = Number(whole.replace(/,/g, ''));
  if (!Number.isSafeInteger(value) || value > MAX_STATEMENT_AMOUNT) {
    return { ok: false, problem: 'too_large' };
  }
  return { ok: true, amountKsh: negative && value !== 0 ? -value : value };
}
