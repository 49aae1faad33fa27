import {
  ETIMS_RECEIPT_TEXTS as R,
  ETIMS_TEXTS as T,
  formatOscuDateTime,
  type FeeNoteEtims,
} from '@firm/shared';
import { ExternalLink, RotateCw } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api-client';
import { useRetryEtims } from '../api/retry-etims';

/**
 * A fee note's KRA eTIMS state (ADR 049, "What people see"): KRA's receipt with a QR code that
 * opens KRA's invoice check, "awaiting KRA" until KRA answers, KRA's refusal in plain words for
 * staff (a client reads it as still awaiting KRA), or that eTIMS is not set up.
 */
export function FeeNoteEtimsPanel({
  feeNoteId,
  etims,
  isClient,
  mayRetry,
}: {
  feeNoteId: string;
  etims: FeeNoteEtims;
  isClient: boolean;
  mayRetry: boolean;
}) {
  return (
    <section
      aria-labelledby="fee-note-etims"
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="fee-note-etims" className="text-lg font-semibold text-slate-900">
        {R.heading}
      </h2>
      <div className="mt-3 text-sm">
        <EtimsState feeNoteId={feeNoteId} etims={etims} isClient={isClient} mayRetry={mayRetry} />
      </div>
    </section>
  );
}

function EtimsState({
  feeNoteId,
  etims,
  isClient,
  mayRetry,
}: {
  feeNoteId: string;
  etims: FeeNoteEtims;
  isClient: boolean;
  mayRetry: boolean;
}) {
  switch (etims.state) {
    case 'sent':
      return <EtimsReceipt etims={etims} />;
    case 'refused':
    case 'failed':
      // KRA refused it, or did not answer for 48 hours: the firm's to act on (ADR 049).
      if (isClient) return <Awaiting text={R.awaitingClient} />;
      return (
        <Refused
          feeNoteId={feeNoteId}
          title={T.state[etims.state]}
          message={etims.message}
          mayRetry={mayRetry}
        />
      );
    case 'kra_has_it':
      // KRA's 994 after a lost answer: KRA holds it, without its numbers here.
      return (
        <p>
          <Badge tone="green">{T.state.kra_has_it}</Badge>
        </p>
      );
    case 'awaiting':
      return <Awaiting text={isClient ? R.awaitingClient : T.state.awaiting} />;
    case 'not_configured':
      return <p className="text-slate-700">{T.state.not_configured}</p>;
  }
}

function Awaiting({ text }: { text: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-slate-700">
      <Badge tone="amber">{R.provisionalTitle}</Badge>
      <span>{text}</span>
    </p>
  );
}

function Refused({
  feeNoteId,
  title,
  message,
  mayRetry,
}: {
  feeNoteId: string;
  title: string;
  message: string | undefined;
  mayRetry: boolean;
}) {
  const retry = useRetryEtims(feeNoteId);
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900">
      <p className="font-semibold">{title}</p>
      {message ? <p className="mt-1 break-words">{message}</p> : null}
      {mayRetry ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          isLoading={retry.isPending}
          onClick={() =>
            retry.mutate(undefined, {
              onError: (error) => toast.error(errorText(error)),
            })
          }
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {R.retry}
        </Button>
      ) : null}
    </div>
  );
}

function Fact({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`break-all text-slate-900 ${mono ? 'font-mono' : 'font-medium'}`}>
        {children}
      </dd>
    </div>
  );
}

function EtimsReceipt({ etims }: { etims: FeeNoteEtims }) {
  return (
    <div className="space-y-3">
      <p>
        <Badge tone="green">{T.state.sent}</Badge>
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <dl className="grid min-w-0 flex-1 gap-2">
          <Fact label={R.receiptNumber}>{etims.curRcptNo}</Fact>
          <Fact label={R.totalReceiptNumber}>{etims.totRcptNo}</Fact>
          <Fact label={R.signature} mono>
            {etims.rcptSign}
          </Fact>
          {etims.sdcDateTime ? (
            <Fact label={R.dateTime}>{formatOscuDateTime(etims.sdcDateTime)}</Fact>
          ) : null}
          {etims.intrlData ? (
            <Fact label={R.internalData} mono>
              {etims.intrlData}
            </Fact>
          ) : null}
        </dl>
        {etims.verificationUrl ? <KraCheck address={etims.verificationUrl} /> : null}
      </div>
    </div>
  );
}

/**
 * KRA's invoice check as a QR code and a link. The QR library loads with this panel only, in
 * the chunk the authenticator set-up already uses, so the portal's first load stays as it was.
 */
function KraCheck({ address }: { address: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(address, { margin: 2, width: 144, errorCorrectionLevel: 'M' }).then((url) => {
        if (live) setImage(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [address]);
  return (
    <div className="flex shrink-0 flex-col items-start gap-1 sm:items-center">
      {image ? (
        <img src={image} alt={R.qrAlt} width={144} height={144} className="rounded border" />
      ) : (
        <span
          className="block size-36 animate-pulse rounded border bg-slate-100"
          aria-hidden="true"
        />
      )}
      <a
        href={address}
        target="_blank"
        rel="noreferrer"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 underline underline-offset-2"
      >
        <ExternalLink aria-hidden="true" className="size-4" />
        {R.checkWithKra}
      </a>
    </div>
  );
}
