import { createHash } from 'node:crypto';
import {
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_TYPE_DEFAULTS,
  CASE_CATEGORIES,
  DATA_EXPORT_TEXTS as T,
  ENQUIRY_STATUS_LABELS,
  FEE_NOTE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  auditActionLabel,
  describeOwnAuditEntry,
  formatNairobiDateTime,
  formatNairobiDay,
  isCalendarDate,
} from '@firm/shared';

/**
 * The readable copy of "Download my data" (ADR 016): the export file itself, as
 * `buildDataExport` made it from the export sections, written out as one plain, printable HTML
 * page. Nothing is selected here: every section and field of the file is shown, in the file's
 * order, so what a client may see is decided once, by the sections (ADR 021). Every text is
 * escaped; the page has no script, no link out and no image, and its one <style> is allowed by
 * its hash in the page's own Content-Security-Policy.
 */

// On a phone (up to 40rem) each field's name stands above its value, full width: side by side,
// a long name's column left an email a few letters a line, and nested records pushed the page
// sideways. Nothing may be wider than the screen: long words and addresses break anywhere.
const STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:60rem;margin:2rem auto;padding:0 1rem;overflow-wrap:anywhere}',
  'h1{font-size:1.6rem}h2{font-size:1.3rem;border-bottom:1px solid #cbd5e1;margin-top:2rem}',
  'h3,h4,h5,h6{font-size:1rem;margin:1rem 0 .25rem}',
  'dl{display:grid;grid-template-columns:minmax(0,14rem) minmax(0,1fr);gap:.15rem 1rem;margin:.25rem 0}',
  'dt{font-weight:600;color:#334155}dd{margin:0;min-width:0;white-space:pre-wrap}',
  'article{border:1px solid #e2e8f0;border-radius:.4rem;padding:.25rem .75rem;margin:.5rem 0;break-inside:avoid;min-width:0}',
  'ul{padding-left:1.25rem}.none{color:#64748b}',
  '@media (max-width:40rem){body{margin:1rem auto;padding:0 .75rem}dl{display:block}dt{margin-top:.5rem}article{padding:.25rem .5rem}}',
  '@media print{body{margin:0;max-width:none}}',
].join('');

/** The page's own policy: nothing may load or run; only its one style applies. */
export const DATA_EXPORT_HTML_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** "createdAt" → "Created at"; a few names read better in words of their own. */
function label(key: string): string {
  const own = T.labels[key];
  if (own) return own;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a person reads it: dates in words on a Nairobi clock (ADR 016). */
function text(value: string): string {
  if (INSTANT.test(value) && !Number.isNaN(Date.parse(value)))
    return escapeHtml(formatNairobiDateTime(value));
  if (isCalendarDate(value)) return escapeHtml(formatNairobiDay(value));
  return escapeHtml(value);
}

/**
 * The product's own words for its codes ("in_progress" → "In progress", "mpesa" → "M-Pesa"), for
 * the fields that hold one; a code no list names reads as its words.
 */
const CODE_WORDS: Record<string, string> = {
  ...ENQUIRY_STATUS_LABELS,
  ...APPOINTMENT_STATUS_LABELS,
  ...FEE_NOTE_STATUS_LABELS,
  ...PAYMENT_METHOD_LABELS,
  ...CASE_CATEGORIES,
  ...Object.fromEntries(
    Object.entries(APPOINTMENT_TYPE_DEFAULTS).map(([code, terms]) => [code, terms.label]),
  ),
};
const CODED_FIELDS = new Set([
  'status',
  'paymentStatus',
  'paymentMethod',
  'method',
  'category',
  'priority',
  'type',
  'kind',
  'role',
  'urgency',
  'channel',
  'location',
  'cancelledBy',
  'verificationStatus',
  'event',
]);
const CODE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const codeWords = (value: string) => CODE_WORDS[value] ?? (CODE.test(value) ? label(value) : value);

/** A field's value as a person reads it: a code in the product's words, else the value. */
const fieldText = (key: string, value: string) =>
  CODED_FIELDS.has(key) ? escapeHtml(codeWords(value)) : text(value);

const TITLE_FIELDS = ['title', 'subject', 'caseNumber', 'name', 'kind', 'event'];

/** An item's heading: its title-like field, else its place in the list. */
function itemHeading(item: Record<string, unknown>, index: number): string {
  // A row of the record of changes reads as the audit log's sentence, not its code.
  if (typeof item.action === 'string' && typeof item.byYou === 'boolean') {
    return escapeHtml(
      describeOwnAuditEntry({
        action: item.action,
        byYou: item.byYou,
        aboutYou: item.aboutYou === true,
        details: isRecord(item.details) ? item.details : {},
      }),
    );
  }
  for (const field of TITLE_FIELDS) {
    const value = item[field];
    if (typeof value === 'string' && value.trim()) return fieldText(field, value);
  }
  return String(index + 1);
}

/** "From" reads before "To", whichever order the record kept them in. */
function fromBeforeTo(entries: [string, unknown][]): [string, unknown][] {
  const from = entries.findIndex(([key]) => key === 'from');
  const to = entries.findIndex(([key]) => key === 'to');
  if (from < 0 || to < 0 || from < to) return entries;
  const moved = entries.filter(([key]) => key !== 'from');
  moved.splice(to, 0, entries[from]!);
  return moved;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function renderValue(value: unknown, level: number): string {
  if (value === null || value === undefined || value === '')
    return `<span class="none">${T.none}</span>`;
  if (typeof value === 'boolean') return value ? T.yes : T.no;
  if (typeof value === 'number' || typeof value === 'bigint') return escapeHtml(String(value));
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return `<span class="none">${T.empty}</span>`;
    if (value.every((item) => !isRecord(item) && !Array.isArray(item)))
      return `<ul>${value.map((item) => `<li>${renderValue(item, level)}</li>`).join('')}</ul>`;
    const heading = `h${Math.min(level, 6)}`;
    return value
      .map((item, index) =>
        isRecord(item)
          ? `<article><${heading}>${itemHeading(item, index)}</${heading}>${renderValue(item, level + 1)}</article>`
          : `<article>${renderValue(item, level + 1)}</article>`,
      )
      .join('');
  }
  if (isRecord(value)) {
    const entries = fromBeforeTo(Object.entries(value));
    if (entries.length === 0) return `<span class="none">${T.none}</span>`;
    // A row of the record of changes: its heading is already its sentence.
    const shown =
      typeof value.byYou === 'boolean' ? entries.filter(([key]) => key !== 'action') : entries;
    return `<dl>${shown
      .map(
        ([key, item]) =>
          `<dt>${escapeHtml(label(key))}</dt><dd>${
            typeof item === 'string' && item !== ''
              ? key === 'action'
                ? escapeHtml(auditActionLabel(item))
                : fieldText(key, item)
              : renderValue(item, level)
          }</dd>`,
      )
      .join('')}</dl>`;
  }
  return escapeHtml(String(value));
}

/**
 * The page of an export file: a heading per section, in the file's order. `generatedAt` and
 * `about` open the page; every other key of the file is a section.
 */
export function renderDataExportHtml(file: Record<string, unknown>): string {
  const { generatedAt, about, ...sections } = file;
  const body = Object.entries(sections)
    .map(
      ([key, value]) =>
        `<section><h2>${escapeHtml(T.sections[key] ?? label(key))}</h2>${renderValue(value, 3)}</section>`,
    )
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(T.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(T.title)}</h1>`,
    typeof about === 'string' ? `<p>${escapeHtml(about)}</p>` : '',
    typeof generatedAt === 'string'
      ? `<p>${escapeHtml(T.generatedAt(formatNairobiDateTime(generatedAt)))}</p>`
      : '',
    `<p>${escapeHtml(T.machineCopy)}</p>`,
    body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
