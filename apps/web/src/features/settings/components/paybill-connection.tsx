import {
  PAYBILL_CONNECTION_TEXTS as T,
  PAYBILL_RESPONSE_TYPES,
  type PaybillConnection,
  type PaybillResponseType,
} from '@firm/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { errorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useRegisterPaybillUrls } from '../api/paybill-connection';

/**
 * Firm settings › M-Pesa: whether the paybill's addresses are registered with Safaricom, and the
 * button that registers them (ADR 048). It sits inside the settings form: its buttons never submit
 * it, and what it changes is saved by its own request, not by "Save firm settings".
 */
export function PaybillConnectionSection({ connection }: { connection: PaybillConnection }) {
  const register = useRegisterPaybillUrls();
  const [confirming, setConfirming] = useState(false);
  const [responseType, setResponseType] = useState<PaybillResponseType>(
    connection.registration?.responseType ?? 'Completed',
  );
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const { registration } = connection;

  const confirm = async () => {
    try {
      const answer = await register.mutateAsync(responseType);
      setOutcome({ ok: true, text: answer.message });
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error, T.failed) });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section
      aria-labelledby="paybill-connection-heading"
      className="space-y-2 border-t border-slate-100 pt-3"
    >
      <h3 id="paybill-connection-heading" className="text-sm font-medium text-slate-800">
        {T.heading}
      </h3>
      <p className="text-sm text-slate-600">{T.intro}</p>
      {registration ? (
        <>
          <p className="text-sm text-slate-800">
            {T.registeredOn(formatDate(registration.registeredAt), registration.registeredBy)}{' '}
            {T.responseTypeOf[registration.responseType]}
          </p>
          {registration.current ? null : <p className="text-sm text-amber-800">{T.notCurrent}</p>}
        </>
      ) : (
        <p className="text-sm text-slate-800">{T.notRegistered}</p>
      )}
      {connection.mpesaSetUp ? null : <p className="text-sm text-slate-600">{T.notSetUp}</p>}
      <Button
        variant="secondary"
        isLoading={register.isPending}
        loadingText={T.registering}
        onClick={() => {
          setOutcome(null);
          setConfirming(true);
        }}
      >
        {registration ? T.registerAgain : T.register}
      </Button>
      {outcome ? (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={`text-sm ${outcome.ok ? 'text-green-800' : 'text-red-700'}`}
        >
          {outcome.text}
        </p>
      ) : null}
      {confirming ? (
        <Modal
          title={T.dialogTitle}
          description={T.dialogDescription}
          onClose={() => setConfirming(false)}
          isBusy={register.isPending}
          footer={
            <ModalFooter
              onCancel={() => setConfirming(false)}
              cancelLabel={T.cancel}
              onAction={() => void confirm()}
              actionLabel={T.confirm}
              busyLabel={T.registering}
              isBusy={register.isPending}
            />
          }
        >
          <fieldset className="space-y-2 text-sm text-slate-800">
            <legend className="font-medium">{T.responseTypeLegend}</legend>
            {PAYBILL_RESPONSE_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="paybill-response-type"
                  value={type}
                  checked={responseType === type}
                  onChange={() => setResponseType(type)}
                  className="accent-brand-700"
                />
                {T.responseTypeOptions[type]}
              </label>
            ))}
          </fieldset>
        </Modal>
      ) : null}
    </section>
  );
}
