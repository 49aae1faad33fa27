import {
  BILLING_MESSAGES as M,
  BILLING_SCREEN_TEXTS as T,
  MPESA_PAY_TEXTS as P,
  MPESA_TEXTS,
  formatKenyanPhone,
  formatKsh,
  mpesaFailureText,
  type Payment,
} from '@firm/shared';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { CheckCircle2, Download, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiError, errorText } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { Button } from '../ui/button';
import { FormAlert } from '../ui/form-alert';
import { Modal } from '../ui/modal';
import { TextField } from '../ui/text-field';
import { PaybillDetails } from './paybill-details';

/** What the payer fills in: the phone, the amount (the balance, or less), and a deposit's case. */
export interface MpesaPayFormValues {
  phone: string;
  amountKsh: number;
  caseId?: string;
}

/** What the form gives once checked: at least the phone and the amount, as the body is sent. */
export interface MpesaPayValues {
  phone: string;
  amountKsh?: number;
}

const FIELDS = ['phone', 'amountKsh', 'caseId'] as const;

/**
 * What the dialog follows: a payment (a fee note's, a booking's) or anything answered in its
 * shape, such as a client-money deposit (ADR 045): its status, amount, receipt and M-Pesa's word.
 */
export type FollowedPush = Pick<Payment, 'id' | 'status' | 'amountKsh' | 'receiptNumber'> & {
  mpesa: { resultCode: number | null; failureText: string | null } | null;
};

/** How often a pending payment is asked about while the payer waits for their phone. */
export const MPESA_POLL_MS = 3_000;

/**
 * A schema's resolver (the body as it is sent, `extra` added: a fee note's id, a link's token),
 * and an amount above the balance refused here as the server would.
 */
export function mpesaPayResolver<Out extends MpesaPayValues>(
  schemaResolver: Resolver<Record<string, unknown>, unknown, Out>,
  extra: Record<string, unknown>,
  /** null: nothing is owed (a deposit), so no ceiling but the schema's. */
  balanceKsh: number | null,
): Resolver<MpesaPayFormValues, unknown, Out> {
  return async (values, context, options) => {
    const result = await schemaResolver({ ...values, ...extra }, context, options as never);
    if (balanceKsh === null || !(values.amountKsh > balanceKsh) || 'amountKsh' in result.errors) {
      return result as never;
    }
    const message = M.amountOverBalance(formatKsh(balanceKsh));
    return {
      values: {},
      errors: { ...result.errors, amountKsh: { type: 'max', message } },
    } as never;
  };
}

type Step =
  | { kind: 'form'; alert: string | null }
  /** Asked: the phone shows the PIN prompt; the payment is followed until it settles. */
  | {
      kind: 'waiting';
      paymentId: string;
      phone: string;
      amountKsh: number;
      /** The balance when asked: the screen's own refreshes after the payment as it settles. */
      balanceKsh: number | null;
    }
  /** Paying from the portal is not set up: the firm's paybill instead. */
  | { kind: 'manual'; message: string };

/**
 * Pay with M-Pesa (ADR 034), whatever is paid (a fee note, a booking's fee): the phone and the
 * amount (the balance, or less), then "Check your phone…" while the payment is followed, every
 * 3 s, until M-Pesa confirms it (the receipt) or says why it failed (Try again). Closing stops
 * following it. Who pays what is the caller's: `start` asks for the push, `follow` reads the
 * payment, `onSettled` refreshes what was paid.
 */
export function MpesaPayDialog<Out extends MpesaPayValues, P extends FollowedPush = Payment>({
  title = MPESA_TEXTS.payButton,
  description,
  phone,
  balanceKsh,
  resolver,
  start,
  follow,
  paymentKey,
  onSettled,
  onClose,
  downloadReceipt,
  closeHint,
  manual,
  amountHint,
  succeededText,
  fields,
}: {
  title?: string;
  /** What is paid, under the title (e.g. "Fee note FN-…"). */
  description: string;
  /** The payer's phone (E.164), offered first. */
  phone: string | null;
  /** What is owed, offered as the amount and its ceiling; null: nothing owed (a deposit). */
  balanceKsh: number | null;
  resolver: Resolver<MpesaPayFormValues, unknown, Out>;
  /** Asks for the push; answers with the payment to follow. */
  start: (values: Out) => Promise<{ id: string }>;
  /** The payment as it now stands. */
  follow: (paymentId: string, signal: AbortSignal) => Promise<P>;
  /** The query key the payment is followed under. */
  paymentKey: (paymentId: string) => QueryKey;
  /** Once M-Pesa has answered (succeeded or failed). */
  onSettled: (paymentId: string) => void;
  /** `asked`: a push was asked for (it may still settle after). */
  onClose: (asked: boolean) => void;
  /** The receipt's PDF, when the payer may download it. */
  downloadReceipt?: (payment: P) => Promise<void>;
  /** Said while waiting: where the payment will show once confirmed. */
  closeHint?: string;
  /** How to pay by hand when paying from the portal is not set up (the firm's paybill). */
  manual?: ReactNode;
  /** Under the amount, when there is no balance to name. */
  amountHint?: string;
  /** What a confirmed payment says, when not a fee's "Paid in full" (a deposit held). */
  succeededText?: (paid: P) => string;
  /** Further fields of the form, after the amount (a deposit's case). */
  fields?: (
    register: UseFormRegister<MpesaPayFormValues>,
    errors: FieldErrors<MpesaPayFormValues>,
  ) => ReactNode;
}) {
  const formId = useId();
  const focusId = useId();
  const [step, setStep] = useState<Step>({ kind: 'form', alert: null });
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [asked, setAsked] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<MpesaPayFormValues, unknown, Out>({
    resolver,
    defaultValues: {
      phone: phone ? formatKenyanPhone(phone) : '',
      ...(balanceKsh === null ? {} : { amountKsh: balanceKsh }),
    },
  });
  const amount = useWatch({ control, name: 'amountKsh' });

  const followedId = step.kind === 'waiting' ? step.paymentId : null;
  // Every 3 s while pending (Safaricom confirms it a moment after the PIN), no more once it has
  // settled or once nobody watches; coming back to the tab from the phone's prompt asks at once.
  const progress = useQuery({
    queryKey: paymentKey(followedId ?? ''),
    queryFn: ({ signal }) => follow(followedId!, signal),
    enabled: followedId !== null,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      !query.state.data || query.state.data.status === 'pending' ? MPESA_POLL_MS : false,
  });
  const payment: P | undefined = step.kind === 'waiting' ? progress.data : undefined;
  const outcome =
    step.kind !== 'waiting'
      ? step.kind
      : payment?.status === 'succeeded' || payment?.status === 'failed'
        ? payment.status
        : 'pending';

  // Once it has settled, what was paid is asked again (once per payment, not on each poll).
  const onSettledRef = useRef(onSettled);
  useEffect(() => {
    onSettledRef.current = onSettled;
  });
  const settledId = payment && payment.status !== 'pending' ? payment.id : null;
  useEffect(() => {
    if (settledId) onSettledRef.current(settledId);
  }, [settledId]);

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

  const close = () => onClose(asked);

  const onSubmit = handleSubmit(async (values) => {
    setAsked(true);
    setStarting(true);
    setStep({ kind: 'form', alert: null });
    try {
      const started = await start(values);
      setStep({
        kind: 'waiting',
        paymentId: started.id,
        phone: values.phone,
        amountKsh: values.amountKsh ?? balanceKsh ?? 0,
        balanceKsh,
      });
    } catch (error) {
      if (error instanceof ApiError && error.message === MPESA_TEXTS.notSetUp) {
        setStep({ kind: 'manual', message: error.message });
        return;
      }
      applyServerErrors(error, setError, FIELDS);
      setStep({ kind: 'form', alert: errorText(error, T.actionFailed) });
    } finally {
      setStarting(false);
    }
  });

  const tryAgain = () => {
    backToForm.current = true;
    setStep({ kind: 'form', alert: null });
  };

  const download = async (paid: P) => {
    if (!downloadReceipt) return;
    setDownloading(true);
    try {
      await downloadReceipt(paid);
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
        <Button key="form-close" variant="secondary" onClick={close} disabled={starting}>
          {P.close}
        </Button>
        <Button key="pay" type="submit" form={formId} isLoading={starting} loadingText={P.sending}>
          {payLabel}
        </Button>
      </>
    ) : outcome === 'succeeded' && payment ? (
      downloadReceipt ? (
        <>
          <Button key="done" variant="secondary" onClick={close}>
            {P.done}
          </Button>
          <Button
            key="receipt"
            id={focusId}
            isLoading={downloading}
            loadingText={T.downloading}
            onClick={() => void download(payment)}
          >
            <Download aria-hidden="true" className="size-4" />
            {T.downloadReceipt}
          </Button>
        </>
      ) : (
        <Button key="done" id={focusId} onClick={close}>
          {P.done}
        </Button>
      )
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
      title={title}
      description={description}
      onClose={close}
      isBusy={starting}
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
              {succeededText
                ? succeededText(payment)
                : MPESA_TEXTS.succeeded(
                    payment.receiptNumber ?? '',
                    formatKsh(payment.amountKsh),
                    step.kind === 'waiting' &&
                      step.balanceKsh !== null &&
                      step.balanceKsh > payment.amountKsh
                      ? formatKsh(step.balanceKsh - payment.amountKsh)
                      : null,
                  )}
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

      {closeHint && step.kind === 'waiting' && outcome === 'pending' ? (
        <p className="mt-3 text-sm text-slate-600">{closeHint}</p>
      ) : null}

      {step.kind === 'form' ? (
        <form
          id={formId}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-4"
        >
          <FormAlert message={step.alert} />
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
            max={balanceKsh ?? undefined}
            step={1}
            required
            hint={balanceKsh === null ? amountHint : P.amountHint(formatKsh(balanceKsh))}
            error={errors.amountKsh?.message}
            {...register('amountKsh', { valueAsNumber: true })}
          />
          {fields?.(register, errors)}
        </form>
      ) : null}

      {step.kind === 'manual' ? (
        <div className="space-y-3">
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">
            {step.message}
          </p>
          <h3 className="font-semibold text-slate-900">{P.payByHandHeading}</h3>
          <p className="text-sm text-slate-700">{P.payByHandIntro}</p>
          {manual ?? <PaybillDetails payment={null} />}
        </div>
      ) : null}
    </Modal>
  );
}
