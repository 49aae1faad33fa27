import {
  BILLING_MESSAGES as M,
  BILLING_SCREEN_TEXTS as T,
  MPESA_PAY_TEXTS as P,
  MPESA_TEXTS,
  formatKenyanPhone,
  formatKsh,
  mpesaFailureText,
  type FeeNote,
  type MpesaPaymentValues,
  type Payment,
} from '@firm/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download, XCircle } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import toast from 'react-hot-toast';
import { PaybillDetails } from '../../../components/payment/paybill-details';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { downloadReceipt } from '../api/download-receipt';
import { BILLING_KEY } from '../api/list-fee-notes';
import { usePaybillDetails, usePaymentProgress, useStartMpesaPayment } from '../api/pay-by-mpesa';

interface PayFormValues {
  phone: string;
  amountKsh: number;
}

const FIELDS = ['phone', 'amountKsh'] as const;

const schemaResolver = lazyZodResolver<Record<string, unknown>, MpesaPaymentValues>(() =>
  import('@firm/shared/billing/schemas').then((m) => m.mpesaPaymentSchema as never),
);

/**
 * The shared mpesaPaymentSchema checks the body as it is sent (the fee note's id added); an amount
 * above the balance is refused here as the server would.
 */
function resolverFor(
  feeNoteId: string,
  balanceKsh: number,
): Resolver<PayFormValues, unknown, MpesaPaymentValues> {
  return async (values, context, options) => {
    const result = await schemaResolver({ ...values, feeNoteId }, context, options as never);
    if (!(values.amountKsh > balanceKsh) || 'amountKsh' in result.errors) return result as never;
    const message = M.amountOverBalance(formatKsh(balanceKsh));
    return {
      values: {},
      errors: { ...result.errors, amountKsh: { type: 'max', message } },
    } as never;
  };
}

/** The fee note and the lists, asked again; not the payment followed (that is asked on its own). */
const refreshFeeNotes = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    queryKey: BILLING_KEY,
    predicate: (query) => query.queryKey[1] !== 'payment',
  });

type Step =
  | { kind: 'form'; alert: string | null }
  /** Asked: the phone shows the PIN prompt; the payment is followed until it settles. */
  | { kind: 'waiting'; paymentId: string; phone: string; amountKsh: number }
  /** Paying from the portal is not set up: the firm's paybill instead. */
  | { kind: 'manual'; message: string };

/**
 * Pay with M-Pesa (ADR 034): the phone (the client's own, as their profile has it) and the amount
 * (the balance, or less), then "Check your phone…" while the payment is followed, every 3 s, until
 * M-Pesa confirms it (the receipt, and the fee note refreshed) or says why it failed (Try again).
 * Closing stops following it; the fee note then shows it as waiting until it settles.
 */
export function PayMpesaDialog({
  note,
  phone,
  onClose,
}: {
  note: FeeNote;
  /** The signed-in client's phone (E.164), offered first. */
  phone: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const start = useStartMpesaPayment();
  const formId = useId();
  const focusId = useId();
  const [step, setStep] = useState<Step>({ kind: 'form', alert: null });
  const [downloading, setDownloading] = useState(false);
  const [asked, setAsked] = useState(false);
  const balanceKsh = note.totals.balanceKsh;
  const resolver = useMemo(() => resolverFor(note.id, balanceKsh), [note.id, balanceKsh]);
  useEffect(() => schemaResolver.preload(), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<PayFormValues, unknown, MpesaPaymentValues>({
    resolver,
    defaultValues: { phone: phone ? formatKenyanPhone(phone) : '', amountKsh: balanceKsh },
  });
  const amount = useWatch({ control, name: 'amountKsh' });

  const progress = usePaymentProgress(step.kind === 'waiting' ? step.paymentId : null);
  const payment: Payment | undefined = step.kind === 'waiting' ? progress.data : undefined;
  const outcome =
    step.kind !== 'waiting'
      ? step.kind
      : payment?.status === 'succeeded' || payment?.status === 'failed'
        ? payment.status
        : 'pending';
  const paybill = usePaybillDetails(step.kind === 'manual');

  // Once it has settled, the fee note (balance, status, payments) and the lists are asked again.
  const settledId = payment && payment.status !== 'pending' ? payment.id : null;
  useEffect(() => {
    if (settledId) void refreshFeeNotes(queryClient);
  }, [settledId, queryClient]);

  // Each step's control takes the focus from the one that went away (the form's Pay button);
  // Try again brings it back to the phone number.
  const backToForm = useRef(false);
  useEffect(() => {
    if (outcome !== 'form') {
      document.getElementById(focusId)?.focus();
    } else if (backToForm.current) {
      backToForm.current = false;
      setFocus('phone');
    }
  }, [outcome, focusId, setFocus]);

  const close = () => {
    // A push asked for (or refused as already asked) shows on the fee note as waiting.
    if (asked) void refreshFeeNotes(queryClient);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setAsked(true);
    setStep({ kind: 'form', alert: null });
    try {
      const started = await start.mutateAsync(values);
      setStep({
        kind: 'waiting',
        paymentId: started.id,
        phone: values.phone,
        amountKsh: values.amountKsh ?? balanceKsh,
      });
    } catch (error) {
      if (error instanceof ApiError && error.message === MPESA_TEXTS.notSetUp) {
        setStep({ kind: 'manual', message: error.message });
        return;
      }
      applyServerErrors(error, setError, FIELDS);
      setStep({ kind: 'form', alert: errorText(error, T.actionFailed) });
    }
  });

  const tryAgain = () => {
    backToForm.current = true;
    setStep({ kind: 'form', alert: null });
  };

  const download = async (paid: Payment) => {
    setDownloading(true);
    try {
      await downloadReceipt(paid.id, paid.receiptNumber);
    } catch (error) {
      toast.error(errorText(error, T.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  // Each step's buttons are keyed: a button reused across steps would change under the click
  // (Try again becoming the form's submit button, and the form sent at once).
  const payLabel =
    Number.isInteger(amount) && amount > 0 ? P.submit(formatKsh(amount)) : P.submitNoAmount;
  const footer =
    outcome === 'form' ? (
      <>
        <Button key="form-close" variant="secondary" onClick={close} disabled={start.isPending}>
          {P.close}
        </Button>
        <Button
          key="pay"
          type="submit"
          form={formId}
          isLoading={start.isPending}
          loadingText={P.sending}
        >
          {payLabel}
        </Button>
      </>
    ) : outcome === 'succeeded' && payment ? (
      <>
        <Button key="done" variant="secondary" onClick={close}>
          {P.done}
        </Button>
        <Button
          key="receipt"
          id={focusId}
          isLoading={downloading}
          loadingText="Downloading…"
          onClick={() => void download(payment)}
        >
          <Download aria-hidden="true" className="size-4" />
          {T.downloadReceipt}
        </Button>
      </>
    ) : outcome === 'failed' ? (
      <>
        <Button key="failed-close" variant="secondary" onClick={close}>
          {P.close}
        </Button>
        <Button key="try-again" id={focusId} onClick={tryAgain}>
          {MPESA_TEXTS.tryAgain}
        </Button>
      </>
    ) : (
      <Button
        key={`${outcome}-close`}
        id={focusId}
        variant={outcome === 'manual' ? 'primary' : 'secondary'}
        onClick={close}
      >
        {P.close}
      </Button>
    );

  return (
    <Modal
      title={MPESA_TEXTS.payButton}
      description={T.feeNoteTitle(note.number)}
      onClose={close}
      isBusy={start.isPending}
      footer={footer}
    >
      {/* One live region for the whole dialog: what M-Pesa says is read out as it changes. */}
      <div role="status" aria-live="polite">
        {step.kind === 'waiting' && outcome === 'pending' ? (
          <div className="flex items-start gap-3 rounded-md bg-brand-50 p-4 text-brand-900">
            <span
              aria-hidden="true"
              className="mt-0.5 size-6 shrink-0 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
            />
            <div className="min-w-0">
              <p className="font-semibold">{MPESA_TEXTS.checkPhone}</p>
              <p className="mt-1 text-sm break-words">
                {P.sentTo(formatKsh(step.amountKsh), formatKenyanPhone(step.phone))}
              </p>
              <p className="mt-1 text-sm text-slate-700">{MPESA_TEXTS.waiting}</p>
            </div>
          </div>
        ) : null}
        {outcome === 'succeeded' && payment ? (
          <p className="flex items-start gap-3 rounded-md bg-green-50 p-4 font-semibold text-green-900">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span className="min-w-0 break-words">
              {MPESA_TEXTS.succeeded(payment.receiptNumber ?? '')}
            </span>
          </p>
        ) : null}
        {outcome === 'failed' && payment ? (
          <p className="flex items-start gap-3 rounded-md bg-red-50 p-4 text-red-900">
            <XCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span className="min-w-0">
              {payment.mpesa?.failureText ?? mpesaFailureText(payment.mpesa?.resultCode ?? null)}
            </span>
          </p>
        ) : null}
      </div>

      {step.kind === 'waiting' && outcome === 'pending' ? (
        <p className="mt-3 text-sm text-slate-600">{P.closeHint}</p>
      ) : null}

      {step.kind === 'form' ? (
        <form
          id={formId}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-4"
        >
          {step.alert ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
              {step.alert}
            </p>
          ) : null}
          <TextField
            label={MPESA_TEXTS.phoneLabel}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            hint={P.phoneHint}
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            label={P.amountLabel}
            type="number"
            inputMode="numeric"
            min={1}
            max={balanceKsh}
            step={1}
            required
            hint={P.amountHint(formatKsh(balanceKsh))}
            error={errors.amountKsh?.message}
            {...register('amountKsh', { valueAsNumber: true })}
          />
        </form>
      ) : null}

      {step.kind === 'manual' ? (
        <div className="space-y-3">
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">
            {step.message}
          </p>
          <h3 className="font-semibold text-slate-900">{P.payByHandHeading}</h3>
          <p className="text-sm text-slate-700">{P.payByHandIntro}</p>
          {paybill.isPending ? (
            <p className="text-sm text-slate-600">{P.paybillLoading}</p>
          ) : (
            <PaybillDetails payment={paybill.data} accountReference={note.number} />
          )}
        </div>
      ) : null}
    </Modal>
  );
}
