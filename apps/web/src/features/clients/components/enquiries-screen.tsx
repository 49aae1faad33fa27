import {
  ENQUIRY_KINDS,
  ENQUIRY_KIND_LABELS,
  ENQUIRY_LINK_FILTER_TEXTS as LINK,
  ENQUIRY_MESSAGES,
  ENQUIRY_STATUSES,
  ENQUIRY_STATUS_LABELS,
  LIST_DEFAULT_LIMIT,
  type PublicUser,
  type UserCreated,
} from '@firm/shared';
import { useState } from 'react';
import { FilterSelect } from '../../../components/list/filter-controls';
import { LinkFilterNotice } from '../../../components/list/filter-notice';
import { PagedResults } from '../../../components/list/paged-results';
import { useListParams } from '../../../components/list/use-list-params';
import { PageHeading } from '../../../components/ui/page-heading';
import { NewClientDialog } from '../../../components/forms/new-client-dialog';
import { formatDayRange } from '../../../lib/format';
import { useEnquiries } from '../api/list-enquiries';
import { EnquiryCard } from './enquiry-card';

/** Filters only a link sets (the enquiries report's figures): said above the list. */
const LINK_FILTERS = { from: '', to: '', converted: '' };
const FILTER_DEFAULTS = { status: 'all', kind: 'all', urgency: 'all', ...LINK_FILTERS };

function describeLinkFilters({ from, to, converted }: typeof LINK_FILTERS): string {
  const parts: string[] = [];
  const days = formatDayRange(from, to);
  if (days) parts.push(LINK.received(days));
  if (converted === 'yes') parts.push(LINK.converted);
  return parts.length ? LINK.showing(parts.join(', ')) : '';
}

/**
 * /enquiries: contact messages and visitors' booking requests in one inbox, newest
 * first, filtered by status, kind and urgency (in the URL).
 */
export function EnquiriesScreen({ actor }: { actor: PublicUser }) {
  const list = useListParams(FILTER_DEFAULTS);
  const [created, setCreated] = useState<UserCreated | null>(null);
  const { from, to, converted } = list.filters;
  const linkFilters = describeLinkFilters({ from, to, converted });
  const query = useEnquiries({
    status: list.filters.status as never,
    kind: list.filters.kind as never,
    urgency: list.filters.urgency as never,
    from: from || undefined,
    to: to || undefined,
    converted: converted === 'yes' ? 'yes' : undefined,
    page: list.page,
    limit: LIST_DEFAULT_LIMIT,
  });

  return (
    <>
      <PageHeading title={ENQUIRY_MESSAGES.heading} />
      <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
        <div className="grid grid-cols-1 gap-3 sm:flex">
          <FilterSelect
            id="enquiries-status"
            label="Status"
            value={list.filters.status}
            onChange={(value) => list.setFilter('status', value)}
          >
            <option value="all">All Status</option>
            {ENQUIRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ENQUIRY_STATUS_LABELS[status]}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            id="enquiries-kind"
            label="Kind"
            value={list.filters.kind}
            onChange={(value) => list.setFilter('kind', value)}
          >
            <option value="all">Messages and bookings</option>
            {ENQUIRY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {ENQUIRY_KIND_LABELS[kind]}s
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            id="enquiries-urgency"
            label="Urgency"
            value={list.filters.urgency}
            onChange={(value) => list.setFilter('urgency', value)}
          >
            <option value="all">Any urgency</option>
            <option value="normal">Normal</option>
            <option value="urgent">Urgent</option>
            <option value="emergency">Emergency</option>
          </FilterSelect>
        </div>

        <LinkFilterNotice
          text={linkFilters}
          filters={LINK_FILTERS}
          clearFilters={list.clearFilters}
        />

        <PagedResults
          label="Enquiries"
          query={query}
          loadingLabel={ENQUIRY_MESSAGES.loading}
          failedText={ENQUIRY_MESSAGES.loadFailed}
          isEmpty={(data) => data.enquiries.length === 0}
          empty={{
            title: list.isFiltered ? ENQUIRY_MESSAGES.emptyFiltered : ENQUIRY_MESSAGES.empty,
          }}
          noun={['enquiry', 'enquiries']}
          onPage={list.setPage}
        >
          {(data) => (
            <ul className="space-y-4">
              {data.enquiries.map((enquiry) => (
                <li key={`${enquiry.kind}-${enquiry.id}-${enquiry.version}`}>
                  <EnquiryCard enquiry={enquiry} actor={actor} onConverted={setCreated} />
                </li>
              ))}
            </ul>
          )}
        </PagedResults>
      </div>
      {created ? (
        <NewClientDialog created={created} actor={actor} onClose={() => setCreated(null)} />
      ) : null}
    </>
  );
}
