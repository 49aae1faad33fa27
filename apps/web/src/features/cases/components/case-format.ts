import {
  CASE_CATEGORIES,
  CASE_MESSAGES,
  caseStatusLabel,
  type CaseCategory,
  type CasePriority,
  type CaseStatus,
} from '@firm/shared';
import { isDateValue } from '../../../lib/typed-date';

/** How the screens show a case's codes (docs/product-rules.md#states: statuses with spaces, not underscores). */

export const STATUS_TONE = {
  pending: 'amber',
  in_progress: 'blue',
  completed: 'green',
  closed: 'slate',
} as const satisfies Record<CaseStatus, string>;

export const PRIORITY_TONE = {
  low: 'slate',
  medium: 'blue',
  high: 'amber',
  urgent: 'red',
} as const satisfies Record<CasePriority, string>;

/** The filter options, in the screen's order (docs/product-rules.md#screens). */
export const STATUS_OPTIONS: { value: CaseStatus | 'all' | 'open'; label: string }[] = [
  { value: 'all', label: CASE_MESSAGES.allStatuses },
  // Every status but closed (the dashboards' open cases link here).
  { value: 'open', label: 'Open (not closed)' },
  { value: 'pending', label: 'Pending' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'closed', label: 'Closed' },
];
export const PRIORITY_OPTIONS: { value: CasePriority | 'all'; label: string }[] = [
  { value: 'all', label: CASE_MESSAGES.allPriorities },
  { value: 'urgent', label: 'Urgent' },
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];

export const statusText = (status: CaseStatus) => caseStatusLabel(status);
export const categoryText = (category: CaseCategory) => CASE_CATEGORIES[category];
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** docs/product-rules.md#screens: document sizes in MB. */
export const formatMegabytes = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

/**
 * A court date as typed ('YYYY-MM-DDTHH:mm', a wall time in Nairobi, UTC+3 all year) to an ISO
 * instant, and back. A text that is not yet a date passes through as it is, for the schema to
 * refuse ('Court date must be a date and time') and the field to keep showing.
 */
export function nairobiInputToIso(value: string): string | null {
  if (!value) return null;
  if (!isDateValue(value, 'datetime')) return value;
  return new Date(`${value}:00+03:00`).toISOString();
}
export function isoToNairobiInput(iso: string | null): string {
  if (!iso) return '';
  // Only an ISO instant converts: Date would read a typed "12/31/2026 08:30" the American way.
  const instant = /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/.test(iso) ? Date.parse(iso) : NaN;
  if (Number.isNaN(instant)) return iso;
  return new Date(instant + 3 * 60 * 60 * 1000).toISOString().slice(0, 16);
}
