import {
  PASSKEY_SCREEN_TEXTS as S,
  TWO_FACTOR_TEXTS,
  secondFactorRequired,
  type Passkey,
} from '@firm/shared';
import { Fingerprint } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ListError, ListLoading } from '../../../components/list/list-states';
import { Button } from '../../../components/ui/button';
import { FormModal } from '../../../components/ui/form-modal';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { PasskeyError, platformName, type PasskeyProblem } from '../../../lib/passkeys';
import { useSession } from '../../../lib/session';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { useTwoFactorStatus } from '../api/two-factor';
import { RecoveryCodesList } from './two-factor-panel';

const PROBLEM_TEXT: Record<PasskeyProblem, string> = {
  cancelled: S.addCancelled,
  'already-on-device': S.alreadyOnDevice,
  unsupported: S.unsupported,
  failed: S.failed,
};

/** Why adding did not work, in words: the device's refusal, or the server's. */
const addProblem = (error: unknown) =>
  error instanceof PasskeyError ? PROBLEM_TEXT[error.problem] : errorText(error, S.failed);

// The name's schema and zod load as the dialog opens (lib/lazy-resolver.ts), not with Profile.
const nameResolver = lazyZodResolver(() =>
  import('@firm/shared/passkeys/schemas').then((m) => m.passkeyRenameInputSchema),
);
// Adding one takes the password too (ADR 037): the name and the password in one dialog.
const addResolver = lazyZodResolver(() =>
  import('@firm/shared/passkeys/schemas').then((m) =>
    m.passkeyRenameInputSchema.extend(m.passkeyRegistrationOptionsInputSchema.shape),
  ),
);

/**
 * A passkey's name asked for in a dialog: to add one (the device then makes it, in the browser's
 * own window) or to rename one. `act` answers the sentence to show when it did not work, or null.
 */
function NameDialog({
  title,
  description,
  submitLabel,
  busyLabel,
  initialName,
  act,
  onClose,
}: {
  title: string;
  description?: string;
  submitLabel: string;
  busyLabel: string;
  initialName: string;
  act: (name: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: nameResolver, defaultValues: { name: initialName } });
  useEffect(() => nameResolver.preload(), []);
  const onSubmit = handleSubmit(async ({ name }) => {
    setProblem(null);
    setProblem(await act(name));
  });
  return (
    <FormModal
      title={title}
      {...(description ? { description } : {})}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      isSubmitting={isSubmitting}
      alert={problem}
    >
      <TextField
        label={S.nameLabel}
        autoComplete="off"
        required
        error={errors.name?.message}
        {...register('name')}
      />
    </FormModal>
  );
}

/**
 * Naming a new passkey and giving the password (a session alone adds none: ADR 037), then the
 * device makes it. The dialog is also the confirmation.
 */
function AddDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (codes: string[] | undefined) => void;
}) {
  const add = useAddPasskey();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: addResolver,
    defaultValues: { name: S.defaultName(platformName() ?? S.defaultPlatform), password: '' },
  });
  useEffect(() => addResolver.preload(), []);
  const onSubmit = handleSubmit(async (input) => {
    setProblem(null);
    try {
      const answer = await add.mutateAsync(input);
      toast.success(answer.message);
      onAdded(answer.recoveryCodes);
    } catch (error) {
      applyServerErrors(error, setError, ['name', 'password']);
      setProblem(addProblem(error));
    }
  });
  return (
    <FormModal
      title={S.addHeading}
      description={S.addIntro}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={S.continue}
      busyLabel={S.waiting}
      isSubmitting={isSubmitting}
      alert={problem}
    >
      <TextField
        label={S.nameLabel}
        autoComplete="off"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <PasswordField
        label={S.passwordLabel}
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
    </FormModal>
  );
}

function RenameDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const rename = useRenamePasskey();
  return (
    <NameDialog
      title={S.renameHeading}
      submitLabel={S.save}
      busyLabel={S.saving}
      initialName={passkey.name}
      onClose={onClose}
      act={async (name) => {
        try {
          const answer = await rename.mutateAsync({ id: passkey.id, name });
          toast.success(answer.message);
          onClose();
          return null;
        } catch (error) {
          return errorText(error, S.failed);
        }
      }}
    />
  );
}

function RemoveDialog({
  passkey,
  isLast,
  onClose,
}: {
  passkey: Passkey;
  /** The account's last second factor: the password alone signs in after. */
  isLast: boolean;
  onClose: () => void;
}) {
  const remove = useRemovePasskey();
  const confirm = async () => {
    try {
      toast.success((await remove.mutateAsync(passkey.id)).message);
      onClose();
    } catch (error) {
      toast.error(errorText(error, S.failed));
      onClose();
    }
  };
  return (
    <Modal
      title={S.removeHeading}
      onClose={onClose}
      isBusy={remove.isPending}
      footer={
        <ModalFooter
          onCancel={onClose}
          onAction={() => void confirm()}
          actionLabel={S.remove}
          actionVariant="danger"
          busyLabel={S.removing}
          isBusy={remove.isPending}
        />
      }
    >
      <p className="text-sm text-slate-700">
        {isLast ? S.removeLastIntro(passkey.name) : S.removeIntro(passkey.name)}
      </p>
    </Modal>
  );
}

/**
 * Profile's passkeys (docs/decisions/037-two-factor-sign-in.md, "Passkeys"): the list (name,
 * added, last used), adding one with this device or a security key (the first also gives the
 * recovery codes, shown once), renaming, and removing after a confirmation.
 */
export function PasskeysPanel() {
  const session = useSession();
  const passkeys = usePasskeys();
  const status = useTwoFactorStatus();
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const frame = 'mt-6 border-t border-slate-200 pt-4';
  if (codes) {
    return (
      <div className={frame}>
        <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />
      </div>
    );
  }

  const list = passkeys.data?.passkeys ?? [];
  const isLastFactor = list.length === 1 && status.data?.totp === false;
  const mustKeep = !!session.user && secondFactorRequired(session.user);

  const startRemoving = (passkey: Passkey) => {
    // Staff keep a second factor: say so at once rather than after a confirmation.
    if (isLastFactor && mustKeep) toast.error(TWO_FACTOR_TEXTS.lastSecondFactor);
    else setRemoving(passkey);
  };

  return (
    <section aria-labelledby={headingId} className={frame}>
      <h3 id={headingId} className="font-semibold text-slate-900">
        {S.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{S.intro}</p>
      {passkeys.isPending ? (
        <ListLoading label={S.loading} />
      ) : passkeys.isError ? (
        <ListError message={S.loadFailed} onRetry={() => void passkeys.refetch()} />
      ) : list.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{S.none}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label={S.listLabel}>
          {list.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 gap-3">
                <Fingerprint aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-words text-slate-900">{passkey.name}</p>
                  <p className="text-slate-600">
                    {S.addedOn(formatDate(passkey.createdAt))},{' '}
                    {passkey.lastUsedAt
                      ? S.lastUsed(formatDateTime(passkey.lastUsedAt))
                      : S.neverUsed}
                  </p>
                </div>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  variant="neutral"
                  size="sm"
                  aria-label={S.renameLabel(passkey.name)}
                  onClick={() => setRenaming(passkey)}
                >
                  {S.rename}
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={S.removeLabel(passkey.name)}
                  onClick={() => startRemoving(passkey)}
                >
                  {S.remove}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" className="mt-3" onClick={() => setAdding(true)}>
        {S.add}
      </Button>
      {adding ? (
        <AddDialog
          onClose={() => setAdding(false)}
          onAdded={(recoveryCodes) => {
            setAdding(false);
            if (recoveryCodes) setCodes(recoveryCodes);
          }}
        />
      ) : null}
      {renaming ? <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} /> : null}
      {removing ? (
        <RemoveDialog passkey={removing} isLast={isLastFactor} onClose={() => setRemoving(null)} />
      ) : null}
    </section>
  );
}
