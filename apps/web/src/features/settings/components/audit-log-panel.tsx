import {
  auditActionLabel,
  describeAuditEntry,
  type AuditEntryView,
  PROFILE_MESSAGES,
  PROFILE_SCREEN_FAILURES,
} from '@firm/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import type { Column } from '../../../components/list/data-table';
import { FilterSelect, SearchInput } from '../../../components/list/filter-controls';
import { PagedTable } from '../../../components/list/paged-table';
import { useListParams } from '../../../components/list/use-list-params';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { isDateValue } from '../../../lib/typed-date';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { downloadAuditCsv, useAuditLog, type AuditFilters } from '../api/settings';
import { TextWithEmails } from '../../../components/ui/email-text';

/**
 * Each row reads as a sentence built from its action, who, whom and details (packages/shared
 * audit-texts), with a link to the record; the CSV keeps the exact fields. Text wraps between
 * words (`break-words`), never mid-word: a long email breaks only when it cannot fit at all.
 * Times use lib/format's formatter, which writes them as packages/shared's formatNairobiDateTime.
 */
function Sentence({ entry }: { entry: AuditEntryView }) {
  const { text, link } = describeAuditEntry(entry);
  return (
    <span className="block break-words">
      <span className="text-slate-900">
        <TextWithEmails text={text} />
      </span>
      {link ? (
        <>
          {' '}
          <Link to={link.href} className="font-medium text-brand-800 underline underline-offset-2">
            {link.label}
          </Link>
        </>
      ) : null}
    </span>
  );
}

const COLUMNS: readonly Column<AuditEntryView>[] = [
  {
    header: 'When (Nairobi)',
    cell: (entry) => (
      <time dateTime={entry.createdAt} className="md:whitespace-nowrap">
        {formatDateTime(entry.createdAt)}
      </time>
    ),
  },
  { header: 'What happened', cell: (entry) => <Sentence entry={entry} /> },
  {
    header: 'From',
    cell: (entry) => <span className="break-words text-slate-700">{entry.ip ?? '—'}</span>,
  },
];

/** Every audit row, filtered by who, what, whom and when (the filters live in the URL). */
export function AuditLogPanel() {
  const list = useListParams({ target: '', action: '', from: '', to: '' }, { prefix: 'audit' });
  const target = useDebouncedValue(list.filters.target.trim());
  const filters: AuditFilters = {
    person: list.debouncedSearch,
    target,
    action: list.filters.action,
    from: list.filters.from,
    to: list.filters.to,
    page: list.page,
  };
  const query = useAuditLog(filters);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(filters);
    } catch (error) {
      toast.error(errorText(error, PROFILE_SCREEN_FAILURES.auditExportFailed));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SearchInput
          id="audit-person"
          label="Who did it (name or email)"
          placeholder="Who did it (name or email)"
          value={list.search}
          onChange={list.setSearch}
        />
        <SearchInput
          id="audit-target"
          label="Whom it was done to (name or email)"
          placeholder="Whom it was done to"
          value={list.filters.target}
          onChange={(value) => list.setFilter('target', value)}
        />
        <FilterSelect
          id="audit-action"
          label="Action"
          value={list.filters.action}
          onChange={(value) => list.setFilter('action', value)}
        >
          <option value="">All actions</option>
          {(query.data?.actions ?? []).map((action) => (
            <option key={action} value={action}>
              {auditActionLabel(action)}
            </option>
          ))}
        </FilterSelect>
        {/* Typed day/month/year: the browser's own date input drew mm/dd/yyyy in an American
            Chromium. A text that is not yet a date leaves the filter as it was. */}
        {/* Side by side from a phone up, so the first rows of the log stay in sight. */}
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-3 lg:max-w-xl">
          <DateField
            label="From"
            value={list.filters.from}
            max={list.filters.to || undefined}
            onChange={(value) => {
              if (value === '' || isDateValue(value)) list.setFilter('from', value);
            }}
          />
          <DateField
            label="To"
            value={list.filters.to}
            min={list.filters.from || undefined}
            onChange={(value) => {
              if (value === '' || isDateValue(value)) list.setFilter('to', value);
            }}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600" aria-live="polite">
          {query.data ? `${query.data.total} ${query.data.total === 1 ? 'entry' : 'entries'}` : ''}
        </p>
        <Button
          variant="secondary"
          size="sm"
          isLoading={exporting}
          loadingText={PROFILE_MESSAGES.auditExporting}
          onClick={() => void exportCsv()}
        >
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </Button>
      </div>
      <PagedTable
        query={query}
        rowsOf={(data) => data.entries}
        caption="Audit log"
        columns={COLUMNS}
        rowKey={(entry) => entry.id}
        loadingLabel={PROFILE_MESSAGES.auditLogLoading}
        failedText={PROFILE_SCREEN_FAILURES.auditLoadFailed}
        empty={{ title: PROFILE_MESSAGES.noAuditEntries }}
        list={list}
      />
    </div>
  );
}
