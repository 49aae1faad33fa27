import {
  AUTH_MESSAGES,
  PASSKEY_SCREEN_TEXTS as P,
  TWO_FACTOR_SCREEN_TEXTS as S,
  TWO_FACTOR_TEXTS as T,
  type AuthSession,
  type SecondFactorMethod,
} from '@firm/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError, errorText } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { PasskeyError } from '../../../lib/passkeys';
import { useSession } from '../../../lib/session';
import { useLoginSecondStep, useSignInWithPasskey } from '../api/login-second-step';
import { AUTH_TOAST } from './toast-ids';

// zod and the schemas load as the step opens (lib/lazy-resolver.ts), not with the sign-in page.
const loadSchemas = () => import('@firm/shared/two-factor/schemas');
const codeResolver = lazyZodResolver(() => loadSchemas().then((m) => m.totpCodeFormSchema));
const recoveryResolver = lazyZodResolver(() => loadSchemas().then((m) => m.recoveryCodeFormSchema));

/** Why a passkey did not sign in, in words: the device's refusal, or the server's. */
function passkeyProblem(error: unknown): string {
  if (!(error instanceof PasskeyError)) return errorText(error, P.failed);
  if (error.problem === 'unsupported') return P.unsupported;
  return error.problem === 'cancelled' ? P.signInCancelled : P.failed;
}

/**
 * Sign-in's second step (docs/decisions/037-two-factor-sign-in.md): the 6-digit code from the
 * authenticator app, a passkey, or a recovery code. An account with passkeys but no app starts
 * at the passkey. A challenge that ended (five minutes, or five wrong codes) sends the person back
 * to the password with the reason.
 */
export function TwoFactorStep({
  challengeToken,
  methods = ['totp', 'recovery'],
  onRestart,
}: {
  challengeToken: string;
  /** What the challenge offers (sign-in's `methods`). */
  methods?: readonly SecondFactorMethod[];
  /** Back to the password form; `reason` is said there when the challenge ended. */
  onRestart: (reason?: string) => void;
}) {
  const session = useSession();
  const secondStep = useLoginSecondStep();
  const withPasskeyStep = useSignInWithPasskey();
  const hasPasskey = methods.includes('passkey');
  const hasTotp = methods.includes('totp');
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const [withPasskey, setWithPasskey] = useState(hasPasskey && !hasTotp);
  const [passkeyAlert, setPasskeyAlert] = useState<string | null>(null);
  const passkeyArea = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: withRecoveryCode ? recoveryResolver : codeResolver,
    defaultValues: { code: '' },
  });

  // The field the person types in next has the focus, also after switching kinds of code.
  useEffect(() => {
    (withRecoveryCode ? recoveryResolver : codeResolver).preload();
    if (withPasskey) passkeyArea.current?.querySelector('button')?.focus();
    else setFocus('code');
  }, [setFocus, withRecoveryCode, withPasskey]);

  const ended = (error: unknown) =>
    error instanceof ApiError &&
    (error.code === 'TWO_FACTOR_CHALLENGE_EXPIRED' || error.code === 'ACCOUNT_LOCKED');

  /** Signed in, by whichever second factor: the session, and the toast that replaces any error. */
  const finish = ({ token, user }: AuthSession) => {
    session.start(token, user);
    toast.success(AUTH_MESSAGES.loginSuccess, { id: AUTH_TOAST.signIn });
  };

  const signInWithPasskey = async () => {
    setPasskeyAlert(null);
    try {
      finish(await withPasskeyStep.mutateAsync(challengeToken));
    } catch (error) {
      if (ended(error)) {
        onRestart((error as ApiError).message);
        return;
      }
      setWithPasskey(true);
      setPasskeyAlert(passkeyProblem(error));
    }
  };
  const switchTo = (kind: 'totp' | 'recovery') => {
    reset({ code: '' });
    setPasskeyAlert(null);
    setWithPasskey(false);
    setWithRecoveryCode(kind === 'recovery');
  };
  const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      finish(
        await secondStep.mutateAsync(
          withRecoveryCode ? { challengeToken, recoveryCode: code } : { challengeToken, code },
        ),
      );
    } catch (error) {
      if (ended(error)) {
        onRestart((error as ApiError).message);
        return;
      }
      setError('code', { type: 'server', message: errorText(error, T.wrongCode) });
    }
  });

  const passkeyButton = (variant: 'primary' | 'secondary') => (
    <Button
      variant={variant}
      fullWidth
      onClick={() => void signInWithPasskey()}
      isLoading={withPasskeyStep.isPending}
      loadingText={P.usingPasskey}
    >
      {P.usePasskey}
    </Button>
  );

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {S.stepHeading}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {withPasskey ? P.passkeyIntro : withRecoveryCode ? S.recoveryIntro : S.stepIntro}
        </p>
      </div>
      {withPasskey ? (
        <div ref={passkeyArea} className="space-y-4">
          <FormAlert message={passkeyAlert} />
          {passkeyButton('primary')}
        </div>
      ) : (
        <>
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            {withRecoveryCode ? (
              <TextField
                key="recovery"
                label={S.recoveryCodeLabel}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                required
                error={errors.code?.message}
                {...register('code')}
              />
            ) : (
              <TextField
                key="totp"
                label={S.codeLabel}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                required
                error={errors.code?.message}
                {...register('code')}
              />
            )}
            <Button type="submit" fullWidth isLoading={isSubmitting} loadingText={S.verifying}>
              {S.verify}
            </Button>
          </form>
          {hasPasskey ? passkeyButton('secondary') : null}
        </>
      )}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {withPasskey || withRecoveryCode ? (
          <>
            {hasTotp ? (
              <button type="button" className={linkClass} onClick={() => switchTo('totp')}>
                {S.useAppCode}
              </button>
            ) : null}
            {withPasskey && methods.includes('recovery') ? (
              <button type="button" className={linkClass} onClick={() => switchTo('recovery')}>
                {S.useRecoveryCode}
              </button>
            ) : null}
          </>
        ) : (
          <button type="button" className={linkClass} onClick={() => switchTo('recovery')}>
            {S.useRecoveryCode}
          </button>
        )}
        <button type="button" className={linkClass} onClick={() => onRestart()}>
          {S.backToSignIn}
        </button>
      </div>
    </section>
  );
}
