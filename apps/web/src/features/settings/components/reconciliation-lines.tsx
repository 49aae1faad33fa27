import {
  CLIENT_MONEY_ENTRY_KIND_LABELS,
  CLIENT_MONEY_SCREEN_TEXTS as T,
  formatKsh,
  formatNairobiDay,
  type Reconciliation,
  type StatementLineView,
  type UnclearedEntry,
} from '@firm/shared';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import {
  useClientSearch,
  useReconcileActions,
} from '../../../components/client-money/client-money-requests';
import { DataTable, type Column } from '../../../components/list/data-table';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** Money in positive, out negative: "KSh 12,500 in" / "KSh 350 out". */
const signed = (amount: number) => `${formatKsh(Math.abs(amount))} ${amount < 0 ? 'out' : 'in'}`;

type Dialog =
  { kind: 'match'; line: StatementLineView } | { kind: 'record'; line: StatementLineView } | null;

/**
 * What keeps a month from agreeing (ADR 046): the statement lines the cash book lacks, each matched
 * by hand to an uncleared entry of its amount or recorded as an entry, and the entries the
 * statement does not show yet. On a phone each row is a card (DataTable).
 */
export function ReconciliationLines({ reconciliation: r }: { reconciliation: Reconciliation }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const locked = r.lock !== null;
  const lineColumns: readonly Column<StatementLineView>[] = [
    { header: T.date, cell: (line) => formatNairobiDay(line.date), className: 'whitespace-nowrap' },
    {
      header: T.description,
      cell: (line) => <span className="break-words">{line.description}</span>,
    },
    { header: T.reference, cell: (line) => <span className="break-all">{line.reference}</span> },
    { header: T.amount, cell: (line) => signed(line.amountKsh), className: 'whitespace-nowrap' },
    {
      header: T.actions,
      cell: (line) =>
        locked ? null : (
          <div className="flex flex-wrap gap-2">
            <Button size="xs" variant="neutral" onClick={() => setDialog({ kind: 'match', line })}>
              {T.matchLine}
            </Button>
            <Button size="xs" variant="neutral" onClick={() => setDialog({ kind: 'record', line })}>
              {T.recordLine}
            </Button>
          </div>
        ),
    },
  ];
  const entryColumns: readonly Column<UnclearedEntry>[] = [
    {
      header: T.date,
      cell: (entry) => formatNairobiDay(entry.date),
      className: 'whitespace-nowrap',
    },
    {
      header: T.what,
      cell: (entry) => (
        <span className="break-words">
          {CLIENT_MONEY_ENTRY_KIND_LABELS[entry.kind]}: {entry.clientName}, {entry.narrative}
        </span>
      ),
    },
    {
      header: T.reference,
      cell: (entry) => <span className="break-words">{entry.reference}</span>,
    },
    { header: T.amount, cell: (entry) => signed(entry.amountKsh), className: 'whitespace-nowrap' },
  ];
  return (
    <div className="space-y-4">
      <h3 className="text-base font-semibold text-slate-900">{T.unmatchedTitle}</h3>
      {r.unmatchedLines.length === 0 ? (
        <p className="text-sm text-slate-600">{T.noUnmatched}</p>
      ) : (
        <DataTable
          caption={T.unmatchedTitle}
          columns={lineColumns}
          rows={r.unmatchedLines}
          rowKey={(line) => line.id}
        />
      )}
      <h3 className="text-base font-semibold text-slate-900">{T.unclearedTitle}</h3>
      {r.unclearedEntries.length === 0 ? (
        <p className="text-sm text-slate-600">{T.noUncleared}</p>
      ) : (
        <DataTable
          caption={T.unclearedTitle}
          columns={entryColumns}
          rows={r.unclearedEntries}
          rowKey={(entry) => entry.id}
        />
      )}
      {dialog?.kind === 'match' ? (
        <MatchDialog
          line={dialog.line}
          entries={r.unclearedEntries.filter((entry) => entry.amountKsh === dialog.line.amountKsh)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'record' ? (
        <RecordLineDialog line={dialog.line} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

function MatchDialog({
  line,
  entries,
  onClose,
}: {
  line: StatementLineView;
  entries: UnclearedEntry[];
  onClose: () => void;
}) {
  const { match } = useReconcileActions();
  const [entryId, setEntryId] = useState(entries[0]?.id ?? '');
  const chosen = entries.find((entry) => entry.id === entryId);
  const chosenId = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const onAction = async () => {
    setAlert(null);
    try {
      toast.success((await match.mutateAsync({ lineId: line.id, entryId })).message);
      onClose();
    } catch (error) {
      setAlert(errorText(error, T.lineActionFailed));
    }
  };
  return (
    <Modal
      title={T.matchTitle}
      size="lg"
      description={`${formatNairobiDay(line.date)} · ${line.description} · ${signed(line.amountKsh)}`}
      onClose={onClose}
      isBusy={match.isPending}
      footer={
        <ModalFooter
          onCancel={onClose}
          actionLabel={T.matchLine}
          busyLabel={T.matchLine}
          isBusy={match.isPending}
          onAction={() => void onAction()}
        />
      }
    >
      <FormAlert message={alert} />
      {entries.length === 0 ? (
        <p className="text-sm text-slate-700">{T.noEntryOfAmount}</p>
      ) : (
        <div className="space-y-2">
          <SelectField
            label={T.matchEntryLabel}
            value={entryId}
            onChange={(event) => setEntryId(event.target.value)}
            aria-describedby={chosen ? chosenId : undefined}
          >
            {entries.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {`${formatNairobiDay(entry.date)} · ${entry.clientName} · ${entry.reference}`}
              </option>
            ))}
          </SelectField>
          {/* A select cuts a long client name or reference off at its edge (a phone's most of
              all): the chosen entry is written out in full under it, to be read before matching. */}
          {chosen ? (
            <p id={chosenId} className="text-sm break-words text-slate-700">
              {`${formatNairobiDay(chosen.date)} · ${CLIENT_MONEY_ENTRY_KIND_LABELS[chosen.kind]}: ${chosen.clientName}, ${chosen.narrative} · ${chosen.reference} · ${signed(chosen.amountKsh)}`}
            </p>
          ) : null}
        </div>
      )}
    </Modal>
  );
}

/** A client as the Record as entry dialog lists them: the name, and the email that tells two apart. */
const clientText = (client: { firstName: string; lastName: string; email: string }) =>
  `${client.firstName} ${client.lastName} (${client.email})`;

function RecordLineDialog({ line, onClose }: { line: StatementLineView; onClose: () => void }) {
  const { record } = useReconcileActions();
  const [search, setSearch] = useState('');
  const clients = useClientSearch(useDebouncedValue(search.trim()), true);
  const [clientId, setClientId] = useState('');
  const chosen = clients.data?.find((client) => client.id === clientId);
  const chosenId = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const onAction = async () => {
    setAlert(null);
    try {
      toast.success((await record.mutateAsync({ lineId: line.id, clientId })).message);
      onClose();
    } catch (error) {
      setAlert(errorText(error, T.lineActionFailed));
    }
  };
  return (
    <Modal
      title={T.recordLineTitle(line.amountKsh > 0)}
      size="lg"
      description={`${formatNairobiDay(line.date)} · ${line.description} · ${signed(line.amountKsh)}. ${T.recordLineHint}`}
      onClose={onClose}
      isBusy={record.isPending}
      footer={
        <ModalFooter
          onCancel={onClose}
          actionLabel={T.recordLine}
          busyLabel={T.recording}
          isBusy={record.isPending}
          onAction={() => void onAction()}
        />
      }
    >
      <div className="space-y-4">
        <FormAlert message={alert} />
        {/* One field a row, as wide as the dialog. A select still cuts a long email off at its
            edge (at 1366 px too): each option carries its full text as a title, and the client
            chosen is written out under the select, wrapping, and read with it. */}
        <div className="space-y-4">
          <TextField
            label={T.findClient}
            type="search"
            placeholder={T.findClientHint}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <SelectField
            label={T.clientLabel}
            value={clientId}
            title={chosen ? clientText(chosen) : undefined}
            aria-describedby={chosen ? chosenId : undefined}
            onChange={(event) => setClientId(event.target.value)}
          >
            <option value="">{T.choose}</option>
            {(clients.data ?? []).map((client) => (
              <option key={client.id} value={client.id} title={clientText(client)}>
                {clientText(client)}
              </option>
            ))}
          </SelectField>
          {chosen ? (
            <p id={chosenId} className="text-sm wrap-anywhere text-slate-700">
              {clientText(chosen)}
            </p>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
