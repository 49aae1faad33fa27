import { resetPasswordFormSchema, AUTH_MESSAGES } from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { errorText } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { AUTH_TOAST } from './toast-ids';

export const PASSWORD_RULES_HINT =
  'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';

/** The new password from an emailed link (/reset-password#token=…). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (!token) {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-900">
          {AUTH_MESSAGES.resetTokenInvalid}
        </p>
        <Link
          to="/forgot-password"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Request a new link
        </Link>
      </div>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await mutation.mutateAsync({ token, password: values.password });
      toast.success(result.message, { id: AUTH_TOAST.resetPassword });
      await navigate('/login', { replace: true });
    } catch (error) {
      toast.error(errorText(error), { id: AUTH_TOAST.resetPassword });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        hint={PASSWORD_RULES_HINT}
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" fullWidth isLoading={isSubmitting} loadingText="Saving…">
        Reset password
      </Button>
    </form>
  );
}
