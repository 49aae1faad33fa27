import { CLIENT_MONEY_STATEMENT_TEXTS as TEXTS } from '@firm/shared';

/**
 * Matching a month's statement lines to the journal entries of the same account, automatically
 * (the rules in words: docs/client-money-statements.md#matching). Pure: the lines and
 * entries come in as plain data and the matches go out, for the reconciliation endpoints to
 * store and show; what is left is matched by hand or recorded.
 *
 * A line and an entry can match only with exactly the same amount in the same direction (money
 * in to money in). Among those:
 * 1. a shared reference (an M-Pesa receipt code, a cheque number, a bank reference) matches
 *    within `referenceWindowDays`, since a cheque is presented days or weeks after it is written;
 * 2. anything else matches within `dateWindowDays`.
 * Each line and each entry is matched once. The best pair goes first: a reference before a date,
 * then the fewest days apart, then the earlier line and the earlier entry (by date, then id), so
 * the same lines and entries always give the same matches, in whatever order they come.
 */

export interface MatchLine {
  id: string;
  /** The Nairobi day, YYYY-MM-DD. */
  date: string;
  /** Whole shillings, positive for money in, negative for money out. */
  amountKsh: number;
  reference: string;
  description: string;
}

export interface MatchEntry {
  id: string;
  date: string;
  amountKsh: number;
  reference: string;
  narrative: string;
}

export interface MatchOptions {
  dateWindowDays?: number;
  referenceWindowDays?: number;
}

export const DEFAULT_DATE_WINDOW_DAYS = 3;
/** A Kenyan cheque is valid for six months, but one presented two months late is worth a look. */
export const DEFAULT_REFERENCE_WINDOW_DAYS = 60;

export interface StatementMatch {
  lineId: string;
  entryId: string;
  reason: 'reference' | 'amount_and_date';
  /** The reference both carry, as the entry writes it, for a match by reference. */
  reference: string | null;
  daysApart: number;
}

export interface MatchResult<L extends MatchLine, E extends MatchEntry> {
  /** In the lines' order: by date, then id. */
  matches: StatementMatch[];
  /** On the statement, not in the cash book (bank charges, money nobody has recorded yet). */
  unmatchedLines: L[];
  /** In the cash book, not on the statement: deposits not yet credited, cheques not presented. */
  unclearedEntries: E[];
}

/** Past this many entries of one amount sharing a token, the token tells nothing apart. */
const MAX_ENTRIES_PER_REFERENCE = 20;
const DAY_MS = 86_400_000;

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const byDateThenId = (a: { date: string; id: string }, b: { date: string; id: string }) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * The words of a reference that can identify a transaction: each run of letters and digits with
 * a digit in it and at least 4 characters (QKJ3X7Y8ZP, 004512, FT26334ABC), and the whole reference
 * without its punctuation (FN/2026/0417 → FN20260417), in capitals. A run of digits is compared
 * without its leading zeros, as cheque 004512 is 4512 typed by hand. A year alone (2026) is no
 * reference: it is in half the narratives of the month.
 */
export function referenceTokens(text: string): string[] {
  const upper = text.toUpperCase();
  const tokens = new Set<string>();
  const add = (token: string) => {
    if (token.length < 4 || !/\d/.test(token) || /^(19|20)\d\d$/.test(token)) return;
    tokens.add(/^\d+$/.test(token) ? token.replace(/^0+(?=\d)/, '') : token);
  };
  for (const run of upper.match(/[A-Z0-9]+/g) ?? []) add(run);
  add(upper.replace(/[^A-Z0-9]/g, ''));
  return [...tokens];
}

function checkAmount(what: string, id: string, amountKsh: number, date: string) {
  if (!Number.isSafeInteger(amountKsh) || amountKsh === 0) {
    throw new RangeError(`${what} ${id} needs a whole, non-zero amount in shillings`);
  }
  if (Number.isNaN(dayNumber(date))) throw new RangeError(`${what} ${id} has no date`);
}

export function matchStatement<L extends MatchLine, E extends MatchEntry>(
  statementLines: readonly L[],
  journalEntries: readonly E[],
  options: MatchOptions = {},
): MatchResult<L, E> {
  const dateWindow = options.dateWindowDays ?? DEFAULT_DATE_WINDOW_DAYS;
  const referenceWindow = options.referenceWindowDays ?? DEFAULT_REFERENCE_WINDOW_DAYS;
  for (const line of statementLines) checkAmount('Line', line.id, line.amountKsh, line.date);
  for (const entry of journalEntries) checkAmount('Entry', entry.id, entry.amountKsh, entry.date);
  const lines = [...statementLines].sort(byDateThenId);
  const entries = [...journalEntries].sort(byDateThenId);
  const lineDays = lines.map((line) => dayNumber(line.date));
  const entryDays = entries.map((entry) => dayNumber(entry.date));
  const lineTaken: (StatementMatch | null)[] = lines.map(() => null);
  const entryTaken = entries.map(() => false);

  // 1. By reference: every candidate pair, best first.
  const byReference = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    for (const token of referenceTokens(entry.reference)) {
      const key = `${entry.amountKsh}|${token}`;
      const list = byReference.get(key);
      if (list) list.push(index);
      else byReference.set(key, [index]);
    }
  });
  const candidates: { line: number; entry: number; days: number }[] = [];
  lines.forEach((line, lineIndex) => {
    const seen = new Set<number>();
    for (const token of referenceTokens(`${line.reference} ${line.description}`)) {
      const list = byReference.get(`${line.amountKsh}|${token}`);
      if (!list || list.length > MAX_ENTRIES_PER_REFERENCE) continue;
      for (const entryIndex of list) {
        const days = Math.abs(lineDays[lineIndex]! - entryDays[entryIndex]!);
        if (days > referenceWindow || seen.has(entryIndex)) continue;
        seen.add(entryIndex);
        candidates.push({ line: lineIndex, entry: entryIndex, days });
      }
    }
  });
  candidates.sort((a, b) => a.days - b.days || a.line - b.line || a.entry - b.entry);
  for (const { line, entry, days } of candidates) {
    if (lineTaken[line] || entryTaken[entry]) continue;
    entryTaken[entry] = true;
    lineTaken[line] = {
      lineId: lines[line]!.id,
      entryId: entries[entry]!.id,
      reason: 'reference',
      reference: entries[entry]!.reference,
      daysApart: days,
    };
  }

  // 2. By amount and date: the entries left, queued by amount and day. Distance 0 for every
  // line first, then 1 …, an entry dated before its line before one dated after (money is
  // recorded, then reaches the bank). Each step is a queue's head, so 5,000 lines of one amount
  // cost no more than 5,000 of different amounts.
  const byDay = new Map<string, { queue: number[]; next: number }>();
  entries.forEach((entry, index) => {
    if (entryTaken[index]) return;
    const key = `${entry.amountKsh}|${entryDays[index]}`;
    const slot = byDay.get(key);
    if (slot) slot.queue.push(index);
    else byDay.set(key, { queue: [index], next: 0 });
  });
  const takeOn = (amountKsh: number, day: number): number | null => {
    const slot = byDay.get(`${amountKsh}|${day}`);
    if (!slot || slot.next >= slot.queue.length) return null;
    slot.next += 1;
    return slot.queue[slot.next - 1]!;
  };
  for (let distance = 0; distance <= dateWindow; distance += 1) {
    lines.forEach((line, lineIndex) => {
      if (lineTaken[lineIndex]) return;
      const day = lineDays[lineIndex]!;
      const entry =
        takeOn(line.amountKsh, day - distance) ??
        (distance > 0 ? takeOn(line.amountKsh, day + distance) : null);
      if (entry === null) return;
      entryTaken[entry] = true;
      lineTaken[lineIndex] = {
        lineId: line.id,
        entryId: entries[entry]!.id,
        reason: 'amount_and_date',
        reference: null,
        daysApart: distance,
      };
    });
  }

  return {
    matches: lineTaken.filter((match): match is StatementMatch => match !== null),
    unmatchedLines: lines.filter((_, index) => !lineTaken[index]),
    unclearedEntries: entries.filter((_, index) => !entryTaken[index]),
  };
}

/** Why a line was matched, in a sentence for the reconciliation screen. */
export const matchReasonText = (match: StatementMatch): string =>
  match.reason === 'reference'
    ? TEXTS.matchedByReference(match.reference ?? '', match.daysApart)
    : TEXTS.matchedByDate(match.daysApart);
