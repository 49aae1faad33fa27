import { CASE_MESSAGES, type CaseSummary } from '@firm/shared';
import { CalendarDays, FileText, MessageSquare, User } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { formatDate, formatDateTime } from '../../../lib/format';
import { PRIORITY_TONE, STATUS_TONE, capitalised, categoryText, statusText } from './case-format';

/**
 * One case of the list (docs/product-rules.md#screens): number, status, title, two lines of description,
 * priority, category, assignee, court date, counts and last update. The title is the link that
 * opens the detail; it covers the whole card so the card can be clicked anywhere.
 */
export function CaseCard({ item, to }: { item: CaseSummary; to: string }) {
  return (
    <article className="relative flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-600 hover:shadow focus-within:ring-2 focus-within:ring-brand-600">
      <div className="flex items-center justify-between gap-2">
        <span className="font-mono text-xs text-slate-600">{item.caseNumber}</span>
        <Badge tone={STATUS_TONE[item.status]}>{statusText(item.status)}</Badge>
      </div>
      {/* The list sits right under the page's h1: a card's title is the next level down. */}
      <h2 className="mt-2 text-base font-semibold text-brand-900">
        <Link to={to} className="after:absolute after:inset-0 focus:outline-none">
          {item.title}
        </Link>
      </h2>
      <p className="mt-1 line-clamp-2 text-sm text-slate-700">{item.description}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Badge tone={PRIORITY_TONE[item.priority]}>{capitalised(item.priority)} priority</Badge>
        <Badge tone="purple">{categoryText(item.category)}</Badge>
      </div>
      <dl className="mt-3 space-y-1 text-sm text-slate-700">
        <div className="flex items-center gap-2">
          <User aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <dt className="sr-only">Assigned to</dt>
          <dd>{item.assigneeName ?? CASE_MESSAGES.notAssigned}</dd>
        </div>
        <div className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <dt className="sr-only">Court date</dt>
          <dd>{item.courtDate ? formatDateTime(item.courtDate) : CASE_MESSAGES.noCourtDate}</dd>
        </div>
      </dl>
      <div className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-600">
        <span className="flex items-center gap-3">
          <span className="flex items-center gap-1">
            <FileText aria-hidden="true" className="size-3.5" />
            {item.documentCount} {item.documentCount === 1 ? 'document' : 'documents'}
          </span>
          <span className="flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="size-3.5" />
            {item.noteCount} {item.noteCount === 1 ? 'note' : 'notes'}
          </span>
        </span>
        <span>Updated {formatDate(item.updatedAt)}</span>
      </div>
    </article>
  );
}

/** A card's shape while the list loads. */
export function CaseCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex justify-between">
        <div className="h-3 w-24 rounded bg-slate-200" />
        <div className="h-4 w-16 rounded-full bg-slate-200" />
      </div>
      <div className="mt-3 h-4 w-3/4 rounded bg-slate-200" />
      <div className="mt-2 h-3 w-full rounded bg-slate-100" />
      <div className="mt-1 h-3 w-5/6 rounded bg-slate-100" />
      <div className="mt-4 h-3 w-1/2 rounded bg-slate-100" />
    </div>
  );
}
