import {
  CLIENT_MONEY_SCREEN_TEXTS as T,
  can,
  formatKsh,
  type Actor,
  type ClientLedger,
} from '@firm/shared';
import { useState } from 'react';
import { ListResults } from '../list/list-states';
import { Button } from '../ui/button';
import { useClientLedger } from './client-money-requests';
import {
  EarlierEntries,
  HeldPerCase,
  LedgerMovements,
  StatementDownload,
  type EarlierPages,
  type LedgerEntry,
} from './ledger-movements';
import { RecordEntryDialog, type MoneyEntryKind } from './record-entry-dialog';
import { ReverseEntryDialog, entrySummary } from './reverse-entry-dialog';

const RECORD_BUTTONS: readonly { kind: MoneyEntryKind; label: string }[] = [
  { kind: 'receipt', label: T.recordReceipt },
  { kind: 'payment', label: T.recordPayment },
  { kind: 'refund', label: T.recordRefund },
  { kind: 'transfer_to_office', label: T.recordTransfer },
];

/** Who may record which kind (ADR 045): receipts, payments and refunds `record`; a transfer its own. */
const mayRecord = (actor: Actor, kind: MoneyEntryKind) =>
  can(actor, kind === 'transfer_to_office' ? 'client-money:transfer' : 'client-money:record');

/**
 * A reversal undoes a receipt, payment or refund once; a transfer settled a fee note and is not
 * reversed, nor is a reversal (ADR 045).
 */
const isReversible = (entry: LedgerEntry) =>
  entry.kind !== 'reversal' && entry.kind !== 'transfer_to_office' && entry.reversedById === null;

/**
 * "Client money" on a client's page and on a case page (docs/product-rules.md#client-money): what
 * is held (in all, per case, or on the case), every movement with its running balance, and the
 * Record actions the caller's role allows. The server checks each again.
 */
export function ClientMoneyPanel({
  clientId,
  clientName,
  caseId,
  actor,
}: {
  clientId: string;
  clientName: string;
  /** On a case page: that case's money and movements only. */
  caseId?: string;
  actor: Actor;
}) {
  const query = useClientLedger(clientId, caseId);
  return (
    <ListResults query={query} loadingLabel={T.loading} failedText={T.loadFailed} compact>
      {(ledger) => (
        <LedgerBody
          ledger={ledger}
          pages={query}
          clientName={clientName}
          caseId={caseId}
          actor={actor}
        />
      )}
    </ListResults>
  );
}

function LedgerBody({
  ledger,
  pages,
  clientName,
  caseId,
  actor,
}: {
  ledger: ClientLedger;
  pages: EarlierPages;
  clientName: string;
  caseId: string | undefined;
  actor: Actor;
}) {
  const [recording, setRecording] = useState<MoneyEntryKind | null>(null);
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
  // On a case page the server sent that case's entries, its running balance counted over them.
  const entries = ledger.entries;
  const held = caseId
    ? (ledger.cases.find((c) => c.caseId === caseId)?.balanceKsh ?? 0)
    : ledger.balanceKsh;
  const buttons = RECORD_BUTTONS.filter(({ kind }) => mayRecord(actor, kind));
  const mayReverse = can(actor, 'client-money:reverse');

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <dl>
          <dt className="text-sm font-medium text-slate-600">
            {caseId ? T.heldOnCase : T.heldTotal}
          </dt>
          <dd className="text-2xl font-semibold text-slate-900">{formatKsh(held)}</dd>
        </dl>
        {/* The statement is the client's whole ledger: offered on the client's page. */}
        {!caseId && ledger.entries.length > 0 ? (
          <StatementDownload clientId={ledger.clientId} />
        ) : null}
      </div>
      {!caseId && ledger.cases.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-800">{T.heldPerCase}</h3>
          <HeldPerCase cases={ledger.cases} />
        </div>
      ) : null}
      {buttons.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {buttons.map(({ kind, label }) => (
            <Button
              key={kind}
              size="sm"
              variant={kind === 'receipt' ? 'primary' : 'secondary'}
              onClick={() => setRecording(kind)}
            >
              {label}
            </Button>
          ))}
        </div>
      ) : null}
      <h3 className="text-sm font-semibold text-slate-800">{T.movements}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{caseId ? T.noMovementsOnCase : T.noMovements}</p>
      ) : (
        <LedgerMovements
          entries={entries}
          showCase={!caseId}
          action={
            mayReverse
              ? (entry) =>
                  isReversible(entry) ? (
                    <Button
                      size="sm"
                      variant="neutral"
                      aria-label={T.reverseEntry(entrySummary(entry))}
                      onClick={() => setReversing(entry)}
                    >
                      {T.reverse}
                    </Button>
                  ) : null
              : undefined
          }
        />
      )}
      <EarlierEntries broughtForwardKsh={ledger.broughtForwardKsh} pages={pages} />
      {recording ? (
        <RecordEntryDialog
          kind={recording}
          clientId={ledger.clientId}
          clientName={clientName}
          heldKsh={held}
          caseId={caseId}
          onClose={() => setRecording(null)}
        />
      ) : null}
      {reversing ? (
        <ReverseEntryDialog entry={reversing} onClose={() => setReversing(null)} />
      ) : null}
    </div>
  );
}
