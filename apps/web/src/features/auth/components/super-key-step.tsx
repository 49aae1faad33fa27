import { AUTH_MESSAGES, type VerifySuperKeyInput } from '@firm/shared';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { errorText } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useVerifySuperKey } from '../api/verify-super-key';
import { AUTH_TOAST } from './toast-ids';

/** The schema (and zod) load when a person first focuses the key (lib/lazy-resolver.ts). */
const superKeyResolver = lazyZodResolver(() =>
  import('@firm/shared/auth/schemas').then((m) => m.verifySuperKeyInputSchema),
);

/** The first step of advocate registration: the server checks the super key. */
export function SuperKeyStep({
  superKey,
  onSuperKeyChange,
  isVerified,
  onVerified,
}: {
  superKey: string;
  onSuperKeyChange: (key: string) => void;
  isVerified: boolean;
  onVerified: (key: string) => void;
}) {
  const verify = useVerifySuperKey();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<VerifySuperKeyInput, unknown, VerifySuperKeyInput>({
    defaultValues: { superKey },
    resolver: superKeyResolver,
    // A message stays until the next try; typing clears it (below), as before the form was checked.
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const result = await verify.mutateAsync(input);
      toast.success(result.message, { id: AUTH_TOAST.superKey });
      onVerified(superKey);
    } catch (failure) {
      const message = errorText(failure, AUTH_MESSAGES.superKeyInvalid);
      setError('superKey', { type: 'server', message });
      toast.error(message, { id: AUTH_TOAST.superKey });
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={superKeyResolver.preload}
      aria-label="Verify the super key"
      className="space-y-3"
    >
      <PasswordField
        label="Super key"
        autoComplete="off"
        required
        error={errors.superKey?.message}
        hint="The registration key given to advocates of the firm."
        {...register('superKey', {
          onChange: (event: { target: { value: string } }) => {
            onSuperKeyChange(event.target.value);
            clearErrors('superKey');
          },
        })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          variant={isVerified ? 'secondary' : 'primary'}
          isLoading={verify.isPending}
          loadingText={AUTH_MESSAGES.verifyingSuperKey}
        >
          Verify super key
        </Button>
        {isVerified ? (
          <p role="status" className="flex items-center gap-1 text-sm font-medium text-green-800">
            <CheckCircle2 aria-hidden="true" className="size-4" />{' '}
            {AUTH_MESSAGES.superKeyVerifiedBadge}
          </p>
        ) : null}
      </div>
    </form>
  );
}
