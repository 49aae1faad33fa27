import { MESSAGES, CALENDAR_FEED_TEXTS as T } from '@firm/shared';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import {
  useCalendarFeed,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
} from '../api/calendar-feed';

type Confirming = 'replace' | 'revoke' | null;

/**
 * The private calendar feed (ADR 025): create it, copy its address (shown only
 * in the answer that made it: the server keeps its hash), replace or revoke it after a
 * confirmation.
 */
export function CalendarFeedPanel() {
  const status = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const addressId = useId();

  const makeFeed = async () => {
    try {
      const created = await create.mutateAsync();
      setUrl(created.url);
      setConfirming(null);
      toast.success(created.message);
    } catch (error) {
      toast.error(errorText(error, T.failed));
    }
  };

  const revokeFeed = async () => {
    try {
      const result = await revoke.mutateAsync();
      setUrl(null);
      setConfirming(null);
      toast.success(result.message);
    } catch (error) {
      toast.error(errorText(error, T.failed));
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(T.copied);
    } catch {
      toast.error(T.copyFailed);
    }
  };

  if (status.isPending) return <p className="text-sm text-slate-600">{MESSAGES.loading}</p>;
  if (status.isError) return <p className="text-sm text-red-700">{errorText(status.error)}</p>;
  const isActive = status.data.active;

  return (
    <div className="space-y-4">
      {url ? (
        <div className="space-y-2">
          <label htmlFor={addressId} className="block text-sm font-medium text-slate-900">
            {T.addressLabel}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={addressId}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              {T.copy}
            </Button>
          </div>
          <p className="text-sm text-slate-600">{T.created}</p>
        </div>
      ) : isActive && status.data.createdAt ? (
        <p className="text-sm text-slate-700">
          {T.activeSince(formatDateTime(status.data.createdAt))}
        </p>
      ) : (
        <p className="text-sm text-slate-700">{T.none}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {isActive ? (
          <>
            <Button variant="secondary" onClick={() => setConfirming('replace')}>
              {T.replace}
            </Button>
            <Button variant="danger" onClick={() => setConfirming('revoke')}>
              {T.revoke}
            </Button>
          </>
        ) : (
          <Button
            isLoading={create.isPending}
            loadingText={MESSAGES.creating}
            onClick={() => void makeFeed()}
          >
            {T.create}
          </Button>
        )}
      </div>
      {confirming ? (
        <Modal
          title={confirming === 'replace' ? `${T.replace}?` : `${T.revoke}?`}
          description={confirming === 'replace' ? T.confirmReplace : T.confirmRevoke}
          onClose={() => setConfirming(null)}
          isBusy={create.isPending || revoke.isPending}
          footer={
            confirming === 'replace' ? (
              <ModalFooter
                onCancel={() => setConfirming(null)}
                cancelLabel={T.cancel}
                isCancelAlwaysEnabled
                onAction={() => void makeFeed()}
                actionLabel={T.replace}
                busyLabel={T.replacing}
                isBusy={create.isPending}
              />
            ) : (
              <ModalFooter
                onCancel={() => setConfirming(null)}
                cancelLabel={T.cancel}
                isCancelAlwaysEnabled
                onAction={() => void revokeFeed()}
                actionLabel={T.revoke}
                actionVariant="danger"
                busyLabel={T.revoking}
                isBusy={revoke.isPending}
              />
            )
          }
        >
          {null}
        </Modal>
      ) : null}
    </div>
  );
}
