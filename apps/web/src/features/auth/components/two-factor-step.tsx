import {
  AUTH_MESSAGES,
  TWO_FACTOR_SCREEN_TEXTS as S,
  TWO_FACTOR_TEXTS as T,
  recoveryCodeField,
  totpCodeField,
} from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useLoginSecondStep } from '../api/login-second-step';
import { AUTH_TOAST } from './toast-ids';

const codeSchema = z.object({ code: totpCodeField });
const recoverySchema = z.object({ code: recoveryCodeField });

/**
 * Sign-in's second step (docs/decisions/037-two-factor-sign-in.md): the 6-digit code from the
 * authenticator app, or a recovery code. A challenge that ended (five minutes, or five wrong
 * codes) sends the person back to the password with the reason.
 */
export function TwoFactorStep({
  challengeToken,
  onRestart,
}: {
  challengeToken: string;
  /** Back to the password form; `reason` is said there when the challenge ended. */
  onRestart: (reason?: string) => void;
}) {
  const session = useSession();
  const secondStep = useLoginSecondStep();
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const headingId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(withRecoveryCode ? recoverySchema : codeSchema),
    defaultValues: { code: '' },
  });

  // The field the person types in next has the focus, also after switching kinds of code.
  useEffect(() => setFocus('code'), [setFocus, withRecoveryCode]);

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const { token, user } = await secondStep.mutateAsync(
        withRecoveryCode ? { challengeToken, recoveryCode: code } : { challengeToken, code },
      );
      session.start(token, user);
      toast.success(AUTH_MESSAGES.loginSuccess, { id: AUTH_TOAST.signIn });
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.code === 'TWO_FACTOR_CHALLENGE_EXPIRED' || error.code === 'ACCOUNT_LOCKED')
      ) {
        onRestart(error.message);
        return;
      }
      setError('code', { type: 'server', message: errorText(error, T.wrongCode) });
    }
  });

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {S.stepHeading}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {withRecoveryCode ? S.recoveryIntro : S.stepIntro}
        </p>
      </div>
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
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          onClick={() => {
            reset({ code: '' });
            setWithRecoveryCode((value) => !value);
          }}
        >
          {withRecoveryCode ? S.useAppCode : S.useRecoveryCode}
        </button>
        <button
          type="button"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          onClick={() => onRestart()}
        >
          {S.backToSignIn}
        </button>
      </div>
    </section>
  );
}
