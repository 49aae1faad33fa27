import { MESSAGES, forgotPasswordInputSchema } from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { AUTH_TOAST } from './toast-ids';

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export function ForgotPasswordForm() {
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const mutation = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordInputSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await mutation.mutateAsync(values);
      // The confirmation shows in the page: an earlier failure's toast goes.
      toast.dismiss(AUTH_TOAST.forgotPassword);
      setConfirmation(result.message);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.genericError), { id: AUTH_TOAST.forgotPassword });
    }
  });

  if (confirmation) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md bg-green-50 p-4 text-sm text-green-900">
          {confirmation}
        </p>
        <Link to="/login" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" fullWidth isLoading={isSubmitting} loadingText={MESSAGES.sending}>
        Send reset link
      </Button>
      <p className="text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
