import { MESSAGES, changePasswordFormSchema, AUTH_MESSAGES } from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';
import { applyServerErrors } from '../../../lib/form-errors';
import { AUTH_TOAST } from './toast-ids';

/** Changes the signed-in user's password; `onChanged` runs once the new user is in the session. */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const session = useSession();
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await mutation.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      session.updateUser(result.user);
      toast.success(result.message ?? AUTH_MESSAGES.passwordChanged, {
        id: AUTH_TOAST.changePassword,
      });
      reset();
      onChanged?.();
    } catch (error) {
      applyServerErrors(error, setError, ['currentPassword', 'newPassword']);
      toast.error(errorText(error), { id: AUTH_TOAST.changePassword });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        hint={AUTH_MESSAGES.passwordRulesHint}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" fullWidth isLoading={isSubmitting} loadingText={MESSAGES.saving}>
        Change password
      </Button>
    </form>
  );
}
