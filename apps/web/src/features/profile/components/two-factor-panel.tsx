import {
  PASSKEY_SCREEN_TEXTS,
  TWO_FACTOR_SCREEN_TEXTS as S,
  secondFactorRequired,
  type TotpSetup,
} from '@firm/shared';
import { Copy, ExternalLink, ShieldCheck } from 'lucide-react';
import { Fragment, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ListError, ListLoading } from '../../../components/list/list-states';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/file-transfer';
import { useSession } from '../../../lib/session';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import {
  useDisableTwoFactor,
  useEnableTotp,
  useRenewRecoveryCodes,
  useSetUpTotp,
  useTwoFactorStatus,
} from '../api/two-factor';

/** The key in groups of four, as authenticator apps show a key typed by hand. */
const groupsOf = (secret: string) => secret.match(/.{1,4}/g) ?? [];

/**
 * The key to type by hand: groups of four that wrap only between groups (a phone broke it
 * mid-group, so "EHPK" read as "EH" and "PK" on two lines), a button that copies it without the
 * spaces, and, on the phone that holds the app, a link that opens the app with the account filled
 * in: the same otpauth:// address the QR code draws, as the server built it.
 */
function SetupKey({ setup }: { setup: TotpSetup }) {
  const groups = groupsOf(setup.secret);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast.success(S.keyCopied);
    } catch {
      toast.error(S.keyCopyFailed);
    }
  };
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">{S.keyInstead}</p>
      <code className="block max-w-md rounded bg-slate-100 px-2 py-1.5 font-mono text-base leading-relaxed tracking-wide text-slate-900">
        {/* A space between the groups, outside them: seen, copied by hand or read aloud it
            stays in fours, and a line breaks only there (a space inside a group's own box
            was dropped at its end, and the groups ran together). */}
        {groups.map((group, index) => (
          <Fragment key={index}>
            {index > 0 ? ' ' : null}
            <span className="inline-block whitespace-nowrap">{group}</span>
          </Fragment>
        ))}
      </code>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {S.copyKey}
        </Button>
        <a
          href={setup.otpauthUrl}
          className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-brand-800 underline underline-offset-2"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {S.openInApp}
        </a>
      </div>
    </div>
  );
}

/** The otpauth:// address drawn as a QR code (the library loads with this step only). */
function QrCode({ address }: { address: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(address, { margin: 1, width: 192 }).then((url) => {
        if (live) setImage(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [address]);
  return image ? (
    <img src={image} alt={S.qrAlt} width={192} height={192} className="rounded border" />
  ) : (
    <div className="size-48 animate-pulse rounded border bg-slate-100" aria-hidden="true" />
  );
}

/** Recovery codes, shown once: saved as a text file, then put away (passkeys' too). */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingId = useId();
  return (
    <div role="region" aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {S.codesHeading}
      </h3>
      <p className="text-sm text-slate-700">{S.codesIntro}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-3">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            saveBlob(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }), S.codesFileName)
          }
        >
          {S.downloadCodes}
        </Button>
        <Button onClick={onDone}>{S.codesSaved}</Button>
      </div>
    </div>
  );
}

// zod and the schemas load when the form is first checked (lib/lazy-resolver.ts): Profile shows
// these forms to few, and evaluating zod was the longest task of its first paint.
const loadSchemas = () => import('@firm/shared/two-factor/schemas');
const enableResolver = lazyZodResolver(() => loadSchemas().then((m) => m.totpEnableInputSchema));
const disableResolver = lazyZodResolver(() =>
  loadSchemas().then((m) => m.twoFactorDisableFormSchema),
);

/** Setting up: the QR code and key, then a code from the app turns it on. */
function SetUp({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TotpSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useEnableTotp();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: enableResolver, defaultValues: { code: '' } });
  useEffect(() => {
    enableResolver.preload();
    setFocus('code');
  }, [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const answer = await enable.mutateAsync(code);
      toast.success(answer.message);
      onEnabled(answer.recoveryCodes);
    } catch (error) {
      // The server's word under the field: a wrong code, or a setup that must start again.
      setError('code', {
        type: 'server',
        message:
          error instanceof ApiError && error.errors?.code ? error.errors.code : errorText(error),
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm font-medium text-slate-800">{S.scanStep}</p>
      <QrCode address={setup.otpauthUrl} />
      <SetupKey setup={setup} />
      <p className="text-sm font-medium text-slate-800">{S.codeStep}</p>
      <TextField
        label={S.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        required
        className="max-w-48"
        error={errors.code?.message}
        {...register('code')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={isSubmitting} loadingText={S.turningOn}>
          {S.turnOn}
        </Button>
        <Button variant="neutral" onClick={onCancel}>
          {S.cancelSetUp}
        </Button>
      </div>
    </form>
  );
}

/** Turning off: the password and a code from the app, or a recovery code. */
function TurnOffDialog({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const formId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: disableResolver, defaultValues: { password: '', code: '' } });
  useEffect(() => disableResolver.preload(), []);
  const onSubmit = handleSubmit(async (input) => {
    try {
      const answer = await disable.mutateAsync(input);
      toast.success(answer.message);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, ['password', 'code']);
      toast.error(errorText(error, S.actionFailed));
    }
  });
  return (
    <Modal
      title={S.turnOffHeading}
      description={S.turnOffIntro}
      onClose={onClose}
      isBusy={isSubmitting}
      footer={
        <ModalFooter
          onCancel={onClose}
          actionLabel={S.turnOff}
          actionVariant="danger"
          busyLabel={S.turningOff}
          isBusy={isSubmitting}
          form={formId}
        />
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <PasswordField
          label={S.passwordLabel}
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label={S.codeLabel}
          autoComplete="one-time-code"
          required
          error={errors.code?.message}
          {...register('code')}
        />
      </form>
    </Modal>
  );
}

const renewResolver = lazyZodResolver(() =>
  loadSchemas().then((m) => m.recoveryCodesRenewInputSchema),
);

/**
 * New recovery codes take the password (ADR 037): the dialog is also the confirmation that the
 * codes held now stop working.
 */
function RenewCodesDialog({
  onClose,
  onRenewed,
}: {
  onClose: () => void;
  onRenewed: (codes: string[]) => void;
}) {
  const renew = useRenewRecoveryCodes();
  const formId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: renewResolver, defaultValues: { password: '' } });
  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      onRenewed((await renew.mutateAsync(password)).recoveryCodes);
    } catch (error) {
      applyServerErrors(error, setError, ['password']);
      toast.error(errorText(error, S.actionFailed));
    }
  });
  return (
    <Modal
      title={S.newCodesHeading}
      description={S.newCodesIntro}
      onClose={onClose}
      isBusy={isSubmitting}
      footer={
        <ModalFooter
          onCancel={onClose}
          actionLabel={S.newCodesAction}
          busyLabel={S.makingCodes}
          isBusy={isSubmitting}
          form={formId}
        />
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        <PasswordField
          label={S.passwordLabel}
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
      </form>
    </Modal>
  );
}

/**
 * Profile's Two-factor sign-in (docs/decisions/037-two-factor-sign-in.md): set up an
 * authenticator app (QR code or key, then a code), see the recovery codes once, make new ones,
 * or turn it off with the password and a code.
 */
export function TwoFactorPanel() {
  const { user } = useSession();
  const status = useTwoFactorStatus();
  const setUp = useSetUpTotp();
  const [renewing, setRenewing] = useState(false);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);

  if (codes) return <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />;
  if (setup) {
    return (
      <SetUp
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
        }}
      />
    );
  }
  if (status.isPending) return <ListLoading label={S.loading} />;
  if (status.isError) {
    return <ListError message={S.loadFailed} onRetry={() => void status.refetch()} />;
  }

  const startSetUp = async () => {
    try {
      setSetup(await setUp.mutateAsync());
    } catch (error) {
      toast.error(errorText(error, S.setUpFailed));
    }
  };
  const renewDialog = renewing ? (
    <RenewCodesDialog
      onClose={() => setRenewing(false)}
      onRenewed={(fresh) => {
        setRenewing(false);
        setCodes(fresh);
      }}
    />
  ) : null;

  if (!status.data.totp) {
    // On with passkeys alone: the app can be added, and the recovery codes renewed.
    const withPasskeys = status.data.passkeys > 0;
    return (
      <div className="space-y-3">
        {withPasskeys ? (
          <p className="flex items-start gap-2 text-sm text-slate-800">
            <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-green-700" />
            {S.statusOn(status.data.recoveryCodesLeft)}
          </p>
        ) : (
          <p className="text-sm text-slate-700">{S.statusOff}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant={withPasskeys ? 'secondary' : 'primary'}
            onClick={() => void startSetUp()}
            isLoading={setUp.isPending}
            loadingText={S.settingUp}
          >
            {withPasskeys ? PASSKEY_SCREEN_TEXTS.addAuthenticator : S.setUp}
          </Button>
          {withPasskeys ? (
            <Button variant="secondary" onClick={() => setRenewing(true)}>
              {S.newCodes}
            </Button>
          ) : null}
        </div>
        {renewDialog}
      </div>
    );
  }
  // Staff keep a second factor (ADR 037): the app goes only while a passkey stays.
  const mustKeep = !!user && secondFactorRequired(user) && status.data.passkeys === 0;
  return (
    <div className="space-y-3">
      <p className="flex items-start gap-2 text-sm text-slate-800">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-green-700" />
        {S.statusOn(status.data.recoveryCodesLeft)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setRenewing(true)}>
          {S.newCodes}
        </Button>
        {mustKeep ? null : (
          <Button variant="danger" onClick={() => setTurningOff(true)}>
            {S.turnOff}
          </Button>
        )}
      </div>
      {mustKeep ? <p className="text-sm text-slate-600">{S.staffMustKeep}</p> : null}
      {turningOff ? <TurnOffDialog onClose={() => setTurningOff(false)} /> : null}
      {renewDialog}
    </div>
  );
}
