/**
 * CSV for the audit log export (RFC 4180: quoted when needed, CRLF line ends). A cell that a
 * spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return) gets a
 * leading apostrophe, so opening the file runs nothing (CSV injection; OWASP).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
