import {
  CLIENT_MONEY_ENTRY_KIND_LABELS,
  CLIENT_MONEY_SCREEN_TEXTS as T,
  formatKsh,
  formatNairobiDay,
  type ClientLedger,
} from '@firm/shared';
import type { ReactNode } from 'react';
import { DataTable, type Column } from '../list/data-table';
import { Badge } from '../ui/badge';
import { DownloadButton } from '../ui/download-button';
import { downloadClientMoneyReceipt, downloadClientMoneyStatement } from './client-money-requests';

export type LedgerEntry = ClientLedger['entries'][number];

/** Money in shown plain, money out with a minus: as the client's ledger reads it. */
const signed = (ksh: number) => (ksh < 0 ? `−${formatKsh(-ksh)}` : formatKsh(ksh));

/**
 * Keeps the entries of one case and counts its own running balance, oldest first: on the case
 * page the client-wide running balance would mix in other cases' money.
 */
export function entriesOfCase(entries: readonly LedgerEntry[], caseId: string): LedgerEntry[] {
  let running = 0;
  return entries
    .filter((entry) => entry.caseId === caseId)
    .map((entry) => {
      running += entry.ledgerEffectKsh;
      return { ...entry, runningBalanceKsh: running };
    });
}

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
