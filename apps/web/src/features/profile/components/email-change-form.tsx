import { MESSAGES, PROFILE_MESSAGES, type Profile } from '@firm/shared';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useRequestEmailChange } from '../api/profile';
import { EmailText } from '../../../components/ui/email-text';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

/** The schema (and zod) load when the form is first used (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() =>
  import('@firm/shared/profile/schemas').then((m) => m.emailChangeInputSchema),
);

/** The current address, one awaiting confirmation, and the form that sends a link to a new one. */
export function EmailChangeForm({ profile }: { profile: Profile }) {
  const mutation = useRequestEmailChange();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await mutation.mutateAsync(values);
      toast.success(result.message);
      reset();
    } catch (error) {
      applyServerErrors(error, setError, ['email']);
      toast.error(errorText(error));
    }
  });

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Your email address:{' '}
        <strong>
          <EmailText email={profile.user.email} />
        </strong>
      </p>
      {profile.pendingEmail ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {PROFILE_MESSAGES.emailChangePendingBefore}{' '}
          <strong>
            <EmailText email={profile.pendingEmail} />
          </strong>
          {PROFILE_MESSAGES.emailChangePendingAfter}
        </p>
      ) : null}
      <form
        onFocus={resolver.preload}
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          className="sm:w-80"
          label="New email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button
          type="submit"
          className="sm:mt-6"
          isLoading={isSubmitting}
          loadingText={MESSAGES.sending}
        >
          Send confirmation link
        </Button>
      </form>
    </div>
  );
}
