/** How many files this process has named: the tie-break within one millisecond. */
let named = 0;

/**
 * A file name that sorts in the order its files were written by this process (the mail and SMS
 * files written without SMTP_URL or an SMS provider): the time to the millisecond, then a count,
 * then `suffix` (unique across processes). A time alone ties when two are written in the same
 * millisecond, and a reader taking the newest by name then picks either.
 */
export function timeOrderedName(suffix: string, extension: string): string {
  named = (named + 1) % 1_000_000;
  const time = new Date().toISOString().replace(/[:.]/g, '-');
  return `${time}-${String(named).padStart(6, '0')}-${suffix}${extension}`;
}
