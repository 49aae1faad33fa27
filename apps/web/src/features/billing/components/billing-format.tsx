import {
  BILLING_SCREEN_TEXTS as T,
  FEE_NOTE_STATUS_LABELS,
  formatNairobiDate,
  formatNairobiDay,
  type FeeNoteStatus,
  type FeeNoteSummary,
} from '@firm/shared';
import { Badge } from '../../../components/ui/badge';

/** How the billing screens show a fee note's codes and dates. */

export const STATUS_TONE = {
  draft: 'slate',
  issued: 'blue',
  partly_paid: 'amber',
  paid: 'green',
  cancelled: 'red',
} as const satisfies Record<FeeNoteStatus, string>;

export function StatusBadge({ status }: { status: FeeNoteStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{FEE_NOTE_STATUS_LABELS[status]}</Badge>;
}

export function OverdueBadge() {
  return <Badge tone="red">{T.overdue}</Badge>;
}

/** The fee note's number, or "Draft" before it is issued. */
export const feeNoteNumber = (note: Pick<FeeNoteSummary, 'number'>) => note.number ?? T.draftNumber;

/** An ISO instant as a Nairobi day in words, or the given text when there is none. */
export const dayOf = (iso: string | null, none: string = T.notIssued) =>
  iso ? formatNairobiDate(iso) : none;

/** A due date 'YYYY-MM-DD' in words. */
export const dueDayOf = (day: string) => formatNairobiDay(day);
