import {
  CLIENT_LEDGER_PAGE_TEXTS as LP,
  CLIENT_MONEY_ENTRY_KIND_LABELS,
  CLIENT_MONEY_SCREEN_TEXTS as T,
  formatKsh,
  formatNairobiDay,
  type ClientLedger,
} from '@firm/shared';
import type { ReactNode } from 'react';
import { DataTable, type Column } from '../list/data-table';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { DownloadButton } from '../ui/download-button';
import { downloadClientMoneyReceipt, downloadClientMoneyStatement } from './client-money-requests';

export type LedgerEntry = ClientLedger['entries'][number];

/** Money in shown plain, money out with a minus: as the client's ledger reads it. */
const signed = (ksh: number) => (ksh < 0 ? `−${formatKsh(-ksh)}` : formatKsh(ksh));

/** What each case holds (and the money on no case), one line each. */
export function HeldPerCase({ cases }: { cases: ClientLedger['cases'] }) {
  return (
    <ul className="mt-2 divide-y divide-slate-100 text-sm">
      {cases.map((c) => (
        <li key={c.caseId ?? 'none'} className="flex flex-wrap justify-between gap-2 py-2">
          <span className="min-w-0 break-words">
            {c.caseNumber ? `${c.caseNumber}: ${c.caseTitle ?? ''}` : T.noCase}
          </span>
          <span className="font-medium whitespace-nowrap">{formatKsh(c.balanceKsh)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Every movement of a client's money with its running balance: a table on a wide screen, cards on
 * a phone (DataTable). `action` adds a control to a row (staff: Reverse).
 */
export function LedgerMovements({
  entries,
  showCase,
  action,
}: {
  entries: readonly LedgerEntry[];
  showCase: boolean;
  action?: (entry: LedgerEntry) => ReactNode;
}) {
  const columns: Column<LedgerEntry>[] = [
    { header: T.date, cell: (e) => formatNairobiDay(e.date), className: 'whitespace-nowrap' },
    {
      header: T.what,
      cell: (e) => (
        <span className="min-w-0 break-words">
          <span className="block font-medium text-slate-900">
            {CLIENT_MONEY_ENTRY_KIND_LABELS[e.kind]}
            {e.receiptNumber ? ` ${e.receiptNumber}` : ''}
            {e.feeNoteNumber ? ` · ${e.feeNoteNumber}` : ''}
          </span>
          <span className="block text-slate-600">{e.reason ?? e.narrative}</span>
          {e.reversedById ? <Badge tone="amber">{T.reversed}</Badge> : null}
          {e.receiptNumber ? <ReceiptDownload entryId={e.id} receipt={e.receiptNumber} /> : null}
        </span>
      ),
    },
    ...(showCase
      ? [{ header: T.caseColumn, cell: (e: LedgerEntry) => e.caseNumber ?? T.noCase }]
      : []),
    { header: T.reference, cell: (e) => <span className="break-all">{e.reference}</span> },
    {
      header: T.amount,
      cell: (e) => signed(e.ledgerEffectKsh),
      className: 'whitespace-nowrap md:text-right',
    },
    {
      header: T.runningBalance,
      cell: (e) => formatKsh(e.runningBalanceKsh),
      className: 'whitespace-nowrap md:text-right',
    },
  ];
  if (action) columns.push({ header: T.actions, cell: (e) => action(e) });
  // Newest first, as a statement is read on a screen; each row keeps its own running balance.
  return (
    <DataTable
      caption={T.movements}
      columns={columns}
      rows={[...entries].reverse()}
      rowKey={(e) => e.id}
    />
  );
}

/** The part of useClientLedger's answer that loads the earlier page. */
export interface EarlierPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Below the movements (newest first): while earlier entries remain unloaded, the balance they
 * bring forward and "Show earlier entries" (ADR 053). A failed load says so beside the button,
 * which tries again.
 */
export function EarlierEntries({
  broughtForwardKsh,
  pages,
}: {
  broughtForwardKsh: number;
  pages: EarlierPages;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p>{LP.broughtForward(formatKsh(broughtForwardKsh))}</p>
      <div className="flex flex-wrap items-center gap-3">
        {pages.isFetchNextPageError ? (
          <p role="alert" className="text-red-700">
            {LP.earlierFailed}
          </p>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          isLoading={pages.isFetchingNextPage}
          loadingText={LP.loadingEarlier}
          onClick={() => void pages.fetchNextPage()}
        >
          {LP.showEarlier}
        </Button>
      </div>
    </div>
  );
}

/** A receipt into the client account is printable: staff and the client download the same PDF. */
function ReceiptDownload({ entryId, receipt }: { entryId: string; receipt: string }) {
  return (
    <DownloadButton
      size="sm"
      variant="neutral"
      className="mt-1"
      aria-label={T.downloadReceiptFor(receipt)}
      loadingText={T.downloading}
      failedText={T.downloadFailed}
      download={() => downloadClientMoneyReceipt(entryId, receipt)}
    >
      {T.downloadReceipt}
    </DownloadButton>
  );
}

/** The client's whole statement of client money, as a PDF. */
export function StatementDownload({ clientId }: { clientId: string }) {
  return (
    <DownloadButton
      size="sm"
      variant="secondary"
      loadingText={T.downloading}
      failedText={T.downloadFailed}
      download={() => downloadClientMoneyStatement(clientId)}
    >
      {T.downloadStatement}
    </DownloadButton>
  );
}
