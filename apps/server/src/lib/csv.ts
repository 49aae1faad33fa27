/**
 * CSV for the exports, the audit log's and the reports' (RFC 4180: quoted when needed, CRLF line
 * ends). A cell that a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return) gets a
 * leading apostrophe, so opening the file runs nothing (CSV injection; OWASP).
 *
 * That is not enough when the spreadsheet splits lines on another separator than ours (ADR 016):
 * a Details cell is JSON holding what people typed, and a spreadsheet set to split on
 * semicolons (the default where the decimal mark is a comma) turns `{"title":"x;=1+1"}` into a
 * cell `=1+1""}"`. So inside every cell, a formula character that follows a comma, a semicolon,
 * any white space (space, tab, line breaks: LibreOffice offers space and tab as separators) or a
 * double quote (which a split may leave or strip) gets an apostrophe before it too: `x;'=1+1`.
 * However the line is split on those, no cell can start a formula. The cost is an apostrophe in
 * text such as "a -b" or a JSON array `[1,'-2]`, in an export read by people, not parsed back.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([,;\s"])(?=[=+\-@])/g;

export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
