import {
  PAYBILL_SCREEN_TEXTS as S,
  PAYBILL_TEXTS as P,
  PAYBILL_SETTLED_TO,
  type AllocatePaybillPaymentValues,
  type PaybillPayment,
  type PaybillSettledTo,
} from '@firm/shared';
import { useState, type FormEvent } from 'react';
import { FormModal } from '../../../components/ui/form-modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useClientChoices } from '../api/fee-note-choices';
import { useFeeNotes } from '../api/list-fee-notes';
import { useAllocatePayment } from '../api/paybill-api';

type Errors = Partial<Record<'to' | 'feeNoteId' | 'clientId' | 'reason', string>>;

/** Case, spaces and the number's slashes do not matter when looking for a fee note. */
const squash = (text: string) => text.toLowerCase().replace(/[\s/\\\-._#]+/g, '');

/**
 * Allocate what is left of a paybill payment (ADR 047): to an unpaid fee note (found by its number
 * or its client's name), to a client's money on account, or marked refunded outside the system;
 * always with a reason, which the audit log keeps. The toast says exactly where the money went.
 */
export function AllocateDialog({
  payment,
  onClose,
}: {
  payment: PaybillPayment;
  onClose: () => void;
}) {
  const allocate = useAllocatePayment();
  const [to, setTo] = useState<PaybillSettledTo>('fee_note');
  const [feeNoteSearch, setFeeNoteSearch] = useState('');
  const [feeNoteId, setFeeNoteId] = useState('');
  const [clientSearch, setClientSearch] = useState('');
  const [clientId, setClientId] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formAlert, setFormAlert] = useState<string | null>(null);

  // At most a hundred unpaid fee notes at once: the search narrows them as the person types.
  const feeNotes = useFeeNotes({ status: 'outstanding', limit: 100 });
  const clients = useClientChoices(useDebouncedValue(clientSearch.trim()), to === 'client_money');
  const wanted = squash(feeNoteSearch);
  const noteOptions = (feeNotes.data?.feeNotes ?? []).filter(
    (note) =>
      note.id === feeNoteId ||
      wanted === '' ||
      squash(note.number ?? '').includes(wanted) ||
      squash(note.client.name).includes(wanted),
  );
  const clientOptions = clients.data ?? [];

  const check = (): Errors => {
    const found: Errors = {};
    if (to === 'fee_note' && !feeNoteId) found.feeNoteId = P.feeNoteRequired;
    if (to === 'client_money' && !clientId) found.clientId = P.clientRequired;
    if (!reason.trim()) found.reason = P.reasonRequired;
    return found;
  };

  const bodyOf = (): AllocatePaybillPaymentValues =>
    to === 'fee_note'
      ? { to, feeNoteId, reason: reason.trim() }
      : to === 'client_money'
        ? { to, clientId, reason: reason.trim() }
        : { to, reason: reason.trim() };

  /** What the toast says: how much, of which receipt, went where. */
  const doneText = (answer: PaybillPayment): string => {
    const amount = payment.unallocatedKsh - answer.unallocatedKsh;
    if (to === 'fee_note') {
      const note = feeNotes.data?.feeNotes.find((one) => one.id === feeNoteId);
      return S.allocatedToFeeNote(amount, payment.transId, note?.number ?? '');
    }
    if (to === 'client_money') {
      const client = clientOptions.find((one) => one.id === clientId);
      return S.allocatedToClient(amount, payment.transId, client?.name ?? '');
    }
    return S.allocatedRefunded(amount, payment.transId);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormAlert(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await allocate.mutateAsync({ id: payment.id, body: bodyOf() });
      notify.success(doneText(answer));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors as Errors);
      const message = errorText(error, S.failed);
      setFormAlert(message);
      notify.error(message);
    }
  };

  return (
    <FormModal
      title={S.dialogTitle(payment.transId)}
      description={S.dialogDescription(payment.unallocatedKsh, payment.accountNumber)}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      isSubmitting={allocate.isPending}
      submitLabel={S.submit}
      busyLabel={S.submitting}
      alert={formAlert}
    >
      <SelectField
        label={S.toLabel}
        required
        value={to}
        error={errors.to}
        onChange={(event) => {
          setTo(event.target.value as PaybillSettledTo);
          setErrors({});
        }}
      >
        {PAYBILL_SETTLED_TO.map((value) => (
          <option key={value} value={value}>
            {S.toOptions[value]}
          </option>
        ))}
      </SelectField>
      {to === 'fee_note' ? (
        <>
          <TextField
            label={S.feeNoteSearchLabel}
            type="search"
            autoComplete="off"
            hint={
              feeNotes.isPending
                ? S.feeNoteLoading
                : noteOptions.length === 0
                  ? S.feeNoteNone
                  : S.feeNoteSearchHint
            }
            value={feeNoteSearch}
            onChange={(event) => setFeeNoteSearch(event.target.value)}
          />
          <SelectField
            label={S.feeNoteLabel}
            required
            value={feeNoteId}
            error={errors.feeNoteId}
            onChange={(event) => setFeeNoteId(event.target.value)}
          >
            <option value="">{S.feeNoteChoose}</option>
            {noteOptions.map((note) => (
              <option key={note.id} value={note.id}>
                {S.feeNoteOption(note.number ?? '', note.client.name, note.balanceKsh)}
              </option>
            ))}
          </SelectField>
        </>
      ) : null}
      {to === 'client_money' ? (
        <>
          <TextField
            label={S.clientSearchLabel}
            type="search"
            autoComplete="off"
            hint={
              clients.data && clientOptions.length === 0 && clientSearch.trim()
                ? S.clientNone
                : S.clientSearchHint
            }
            value={clientSearch}
            onChange={(event) => setClientSearch(event.target.value)}
          />
          <SelectField
            label={S.clientLabel}
            required
            value={clientId}
            error={errors.clientId}
            onChange={(event) => setClientId(event.target.value)}
          >
            <option value="">{S.clientChoose}</option>
            {clientOptions.map((client) => (
              <option key={client.id} value={client.id}>
                {client.name}
              </option>
            ))}
          </SelectField>
        </>
      ) : null}
      <TextAreaField
        label={S.reasonLabel}
        required
        hint={S.reasonHint}
        maxLength={500}
        value={reason}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </FormModal>
  );
}
