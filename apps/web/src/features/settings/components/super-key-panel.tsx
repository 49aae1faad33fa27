import { MESSAGES, PROFILE_MESSAGES, PROFILE_SCREEN_FAILURES } from '@firm/shared';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ListResults } from '../../../components/list/list-states';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { errorText } from '../../../lib/api-client';
import { useRotateSuperKey, useSuperKeyStatus } from '../api/settings';

/** Where the advocate registration key comes from; a generated one can be replaced here. */
export function SuperKeyPanel() {
  const query = useSuperKeyStatus();
  const rotate = useRotateSuperKey();
  const [confirming, setConfirming] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);

  const replace = async () => {
    try {
      const result = await rotate.mutateAsync();
      setConfirming(false);
      setNewKey(result.superKey);
      toast.success(result.message);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(newKey ?? '');
      toast.success(PROFILE_MESSAGES.superKeyCopied);
    } catch {
      toast.error(PROFILE_SCREEN_FAILURES.superKeyCopyFailed);
    }
  };

  return (
    <ListResults
      query={query}
      loadingLabel={MESSAGES.loading}
      failedText={PROFILE_SCREEN_FAILURES.superKeyLoadFailed}
      isEmpty={() => false}
      empty={{ title: '' }}
    >
      {(status) => (
        <div className="space-y-4 text-sm text-slate-700">
          <p>
            New advocates need this key to register. Give it only to colleagues you expect to
            register; an advocate still verifies each of them.
          </p>
          {status.source === 'environment' ? (
            <p className="rounded-md bg-slate-50 p-3">{PROFILE_MESSAGES.superKeyFromEnvironment}</p>
          ) : (
            <>
              <p className="rounded-md bg-slate-50 p-3">{PROFILE_MESSAGES.superKeyFromFile}</p>
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Replace the key
              </Button>
            </>
          )}
          {confirming ? (
            <Modal
              title="Replace the registration key?"
              description="The current key stops working at once. Anyone registering needs the new key, which is shown once."
              onClose={() => setConfirming(false)}
              isBusy={rotate.isPending}
              footer={
                <ModalFooter
                  onCancel={() => setConfirming(false)}
                  isCancelAlwaysEnabled
                  onAction={() => void replace()}
                  actionLabel="Replace key"
                  busyLabel={PROFILE_MESSAGES.superKeyReplacing}
                  isBusy={rotate.isPending}
                />
              }
            >
              <p className="text-sm text-slate-700">
                Every server of the firm that keeps its data in the same place uses the new key at
                once.
              </p>
            </Modal>
          ) : null}
          {newKey ? (
            <Modal
              title="New registration key"
              description="Copy it now: it is not shown again."
              onClose={() => setNewKey(null)}
              footer={
                <>
                  <Button variant="secondary" onClick={() => void copy()}>
                    <Copy aria-hidden="true" className="size-4" />
                    Copy key
                  </Button>
                  <Button onClick={() => setNewKey(null)}>Done</Button>
                </>
              }
            >
              <p
                aria-label="New registration key"
                className="rounded-md bg-slate-100 p-3 font-mono text-base break-all text-slate-900"
              >
                {newKey}
              </p>
            </Modal>
          ) : null}
        </div>
      )}
    </ListResults>
  );
}
