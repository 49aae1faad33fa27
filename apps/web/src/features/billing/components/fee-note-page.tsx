import {
  BILLING_MESSAGES,
  BILLING_SCREEN_TEXTS as T,
  FEE_NOTE_LINE_KIND_LABELS,
  FEE_NOTE_LINE_KINDS,
  MPESA_TEXTS,
  PAYMENT_METHOD_LABELS,
  can,
  formatKsh,
  formatNairobiDate,
  isClientAccount,
  isPayableStatus,
  paybillAccountNumber,
  type FeeNote,
  type FeeNoteLineKind,
  type Payment,
  type PublicUser,
} from '@firm/shared';
import { ArrowLeft, Download, Smartphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { ListEmpty, ListResults } from '../../../components/list/list-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ApiError, errorText } from '../../../lib/api-client';
import { downloadCreditNote } from '../api/download-credit-note';
import { downloadFeeNotePdf } from '../api/download-fee-note-pdf';
import { downloadReceipt } from '../api/download-receipt';
import { useFeeNote } from '../api/get-fee-note';
import { OverdueBadge, StatusBadge, dayOf, dueDayOf } from './billing-format';
import { FeeNoteActions } from './fee-note-actions';
import { FeeNoteEtimsPanel } from './fee-note-etims';
import { PaybillHowTo } from '../../../components/payment/paybill-how-to';
import { PayMpesaDialog } from './pay-mpesa-dialog';

function BackToBilling() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <Link
        to="/billing"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {T.backToBilling}
      </Link>
    </div>
  );
}

/** /billing/:id: one fee note, or what stands in for it while loading, when missing or failed. */
export function FeeNotePage({ id, actor }: { id: string; actor: PublicUser }) {
  const query = useFeeNote(id);
  if (query.data && !query.isError) return <FeeNoteBody note={query.data} actor={actor} />;
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <>
        <BackToBilling />
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
          <div role="alert">
            <ListEmpty
              title={BILLING_MESSAGES.feeNoteNotFound}
              hint={
                <>
                  {T.notFoundHint}{' '}
                  <Link to="/billing" className="font-medium text-brand-800 underline">
                    {T.backToBilling}
                  </Link>
                </>
              }
            />
          </div>
        </div>
      </>
    );
  }
  return (
    <>
      <BackToBilling />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <ListResults query={query} loadingLabel={T.loadingOne} failedText={T.loadOneFailed}>
          {() => null}
        </ListResults>
      </div>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Downloads a file, saying so on the button meanwhile and in a toast if it fails. */
function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, download: () => Promise<void>) => {
    setBusy(key);
    try {
      await download();
    } catch (error) {
      toast.error(errorText(error, T.downloadFailed));
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

function FeeNoteBody({ note, actor }: { note: FeeNote; actor: PublicUser }) {
  const isClient = isClientAccount(actor);
  const download = useDownload();
  const title = T.feeNoteTitle(note.number);
  // The dialog stays open once the note is paid (it shows the receipt): not tied to the button.
  const [paying, setPaying] = useState(false);
  // The client pays from their own phone (staff record what came in by hand).
  const mayPay =
    isClient &&
    can(actor, 'payments:pay', { clientId: note.client.id }) &&
    isPayableStatus(note.status) &&
    note.totals.balanceKsh > 0;

  return (
    <>
      <BackToBilling />
      <div className="mx-auto max-w-6xl px-4 pt-4 pb-16 sm:px-6">
        <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight break-words text-brand-900 sm:text-3xl">
              {title}
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <StatusBadge status={note.status} />
              {note.isOverdue ? <OverdueBadge /> : null}
            </div>
            {/* What is owed, beside Pay: on a phone the totals are below the lines. */}
            {isPayableStatus(note.status) ? (
              <p className="mt-3 text-slate-700">
                {T.balanceOwed}:{' '}
                <span className="font-semibold whitespace-nowrap text-slate-900">
                  {formatKsh(note.totals.balanceKsh)}
                </span>
              </p>
            ) : null}
            {mayPay && note.number ? (
              <PaybillHowTo account={paybillAccountNumber(note.number)} />
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {mayPay ? (
              <Button aria-haspopup="dialog" onClick={() => setPaying(true)}>
                <Smartphone aria-hidden="true" className="size-4" />
                {MPESA_TEXTS.payButton}
              </Button>
            ) : null}
            {note.status !== 'draft' ? (
              <Button
                variant="secondary"
                isLoading={download.busy === 'pdf'}
                loadingText={T.downloading}
                onClick={() =>
                  void download.run('pdf', () => downloadFeeNotePdf(note.id, note.number))
                }
              >
                <Download aria-hidden="true" className="size-4" />
                {T.downloadPdf}
              </Button>
            ) : null}
            <FeeNoteActions note={note} actor={actor} />
          </div>
        </div>
        {paying ? (
          <PayMpesaDialog note={note} phone={actor.phone} onClose={() => setPaying(false)} />
        ) : null}

        {note.status === 'draft' ? (
          <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">{T.draftNotice}</p>
        ) : null}

        {note.cancellation ? (
          <section
            aria-labelledby="fee-note-cancelled"
            className="mt-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900"
          >
            <h2 id="fee-note-cancelled" className="font-semibold">
              {T.cancelledHeading}
            </h2>
            <p className="mt-1">
              {T.cancelledBy(
                note.cancellation.creditNoteNumber,
                formatNairobiDate(note.cancellation.at),
              )}
            </p>
            <p className="mt-1 break-words">
              <span className="font-medium">{T.cancelReasonLabel}:</span> {note.cancellation.reason}
            </p>
            <Button
              variant="secondary"
              className="mt-3"
              isLoading={download.busy === 'credit-note'}
              loadingText={T.downloading}
              onClick={() => {
                const { creditNoteNumber } = note.cancellation!;
                void download.run('credit-note', () =>
                  downloadCreditNote(note.id, creditNoteNumber),
                );
              }}
            >
              <Download aria-hidden="true" className="size-4" />
              {T.downloadCreditNote}
            </Button>
          </section>
        ) : null}

        <dl className="mt-6 grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6 lg:grid-cols-4">
          {isClient ? null : <Fact label={T.client}>{note.client.name}</Fact>}
          <Fact label={T.matter}>
            {note.case ? (
              <>
                <span className="block text-sm text-slate-600">{note.case.caseNumber}</span>
                {note.case.title}
              </>
            ) : (
              T.noMatter
            )}
          </Fact>
          <Fact label={T.issuedOn}>{dayOf(note.issuedAt)}</Fact>
          <Fact label={T.dueOn}>{dueDayOf(note.dueDate)}</Fact>
          {note.buyerKraPin ? <Fact label={T.buyerKraPin}>{note.buyerKraPin}</Fact> : null}
        </dl>

        {/* On a phone: the lines, what they come to, then the payments. */}
        <div className="mt-6 grid gap-6 lg:grid-cols-3 lg:items-start">
          <div className="min-w-0 lg:col-span-2">
            <Section id="fee-note-lines" title={T.linesHeading}>
              <div className="space-y-6">
                {FEE_NOTE_LINE_KINDS.map((kind) => (
                  <Lines key={kind} kind={kind} note={note} />
                ))}
              </div>
            </Section>
          </div>
          <div className="min-w-0 space-y-6 lg:col-start-3 lg:row-span-2 lg:row-start-1">
            <Section id="fee-note-totals" title={T.totalsHeading}>
              <Totals note={note} />
            </Section>
            {note.status !== 'draft' && note.etims ? (
              <FeeNoteEtimsPanel
                feeNoteId={note.id}
                etims={note.etims}
                isClient={isClient}
                mayRetry={can(actor, 'settings:view')}
              />
            ) : null}
          </div>
          {/* A draft is not the client's to pay yet. */}
          {note.status === 'draft' ? null : (
            <div className="min-w-0 lg:col-span-2">
              <Section id="fee-note-payments" title={T.paymentsHeading}>
                <Payments
                  payments={note.payments}
                  busy={download.busy}
                  onDownload={(payment) =>
                    void download.run(payment.id, () =>
                      downloadReceipt(payment.id, payment.receiptNumber),
                    )
                  }
                />
              </Section>
            </div>
          )}
        </div>
      </div>
    </>
  );
}

/** The lines of one kind (fees, then disbursements): a list that reads well at any width. */
function Lines({ kind, note }: { kind: FeeNoteLineKind; note: FeeNote }) {
  const lines = note.lines.filter((line) => line.kind === kind);
  if (lines.length === 0) return null;
  const heading = kind === 'fee' ? T.fees : T.disbursements;
  const headingId = `fee-note-lines-${kind}`;
  return (
    <div>
      <h3 id={headingId} className="text-sm font-semibold text-slate-700 uppercase">
        {heading}
      </h3>
      <ul aria-labelledby={headingId} className="mt-2 divide-y divide-slate-100">
        {lines.map((line, index) => (
          <li
            key={`${kind}-${index}`}
            className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
          >
            <div className="min-w-0">
              <p className="break-words whitespace-pre-line text-slate-900">{line.description}</p>
              <p className="mt-0.5 text-sm text-slate-600">
                {line.quantity} × {formatKsh(line.unitPriceKsh)}
                <span className="sr-only"> ({FEE_NOTE_LINE_KIND_LABELS[kind]})</span>
              </p>
            </div>
            <p className="font-medium whitespace-nowrap text-slate-900 sm:text-right">
              <span className="sr-only">{T.amount}: </span>
              {formatKsh(line.amountKsh)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Totals({ note }: { note: FeeNote }) {
  const t = note.totals;
  const rows: [string, number, boolean?][] = [
    [T.feesTotal, t.feesKsh],
    ...(t.vatKsh > 0 ? ([[T.vat(t.vatRatePercent), t.vatKsh]] as [string, number][]) : []),
    [T.disbursementsTotal, t.disbursementsKsh],
    [T.total, t.totalKsh, true],
    // Nothing is owed on a draft until it is issued.
    ...(note.status === 'draft'
      ? []
      : ([
          [T.paid, t.paidKsh],
          [T.balance, t.balanceKsh, true],
        ] as [string, number, boolean?][])),
  ];
  return (
    <dl className="space-y-2 text-sm">
      {rows.map(([label, amount, strong]) => (
        <div
          key={label}
          className={`flex justify-between gap-4 ${strong ? 'border-t border-slate-200 pt-2 text-base font-semibold text-slate-900' : 'text-slate-700'}`}
        >
          <dt>{label}</dt>
          <dd className="whitespace-nowrap">{formatKsh(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Payments({
  payments,
  busy,
  onDownload,
}: {
  payments: readonly Payment[];
  busy: string | null;
  onDownload: (payment: Payment) => void;
}) {
  if (payments.length === 0) return <p className="text-sm text-slate-600">{T.noPayments}</p>;
  return (
    <ul aria-label={T.paymentsCaption} className="divide-y divide-slate-100">
      {payments.map((payment) => (
        <li
          key={payment.id}
          className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-900">
              {formatKsh(payment.amountKsh)} · {PAYMENT_METHOD_LABELS[payment.method]}
              {payment.status === 'pending' ? (
                <span className="ml-2">
                  <Badge tone="amber">{T.paymentPending}</Badge>
                </span>
              ) : null}
              {payment.status === 'failed' ? (
                <span className="ml-2">
                  <Badge tone="red">{T.paymentFailed}</Badge>
                </span>
              ) : null}
            </p>
            <p className="mt-0.5 break-words text-slate-600">
              {[
                payment.receivedAt
                  ? `${T.receivedAt} ${formatNairobiDate(payment.receivedAt)}`
                  : null,
                payment.receiptNumber ? `${T.receipt} ${payment.receiptNumber}` : null,
                payment.reference ? `${T.reference} ${payment.reference}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {payment.flaggedReason ? (
              // Staff only (the server leaves it out for the client): M-Pesa took money that
              // could not be recorded against this fee note.
              <p className="mt-1 rounded-md bg-red-50 p-2 text-red-800">
                <span className="font-semibold">{T.needsChecking}:</span> {payment.flaggedReason}
              </p>
            ) : payment.status === 'failed' && payment.mpesa?.failureText ? (
              <p className="mt-0.5 text-red-700">{payment.mpesa.failureText}</p>
            ) : null}
          </div>
          {payment.status === 'succeeded' && payment.receiptNumber ? (
            <Button
              size="sm"
              variant="neutral"
              className="shrink-0 self-start whitespace-nowrap sm:self-auto"
              aria-label={T.downloadReceiptFor(payment.receiptNumber)}
              isLoading={busy === payment.id}
              loadingText={T.downloading}
              onClick={() => onDownload(payment)}
            >
              <Download aria-hidden="true" className="size-4" />
              {T.downloadReceipt}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
