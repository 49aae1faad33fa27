import { MESSAGES, resetPasswordFormSchema, AUTH_MESSAGES, INVITATION_TEXTS } from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useResetPassword } from '../api/reset-password';
import { AUTH_TOAST } from './toast-ids';

/** The new password from an emailed link (/reset-password#token=…); then the user signs in. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const mutation = useResetPassword();
  return (
    <NewPasswordForm
      token={token}
      invalidText={AUTH_MESSAGES.resetTokenInvalid}
      invalidLink={{ to: '/forgot-password', text: 'Request a new link' }}
      submitText="Reset password"
      savingText={MESSAGES.saving}
      onSubmit={async (input) => {
        const result = await mutation.mutateAsync(input);
        toast.success(result.message, { id: AUTH_TOAST.resetPassword });
        await navigate('/login', { replace: true });
      }}
      onError={(error) => toast.error(errorText(error), { id: AUTH_TOAST.resetPassword })}
    />
  );
}

/**
 * The password a new admin or client chooses from their welcome email (/welcome#token=…, ADR
 * 024): the server signs them in, and they land on the dashboard.
 */
export function ChooseInvitedPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const session = useSession();
  const mutation = useAcceptInvitation();
  return (
    <NewPasswordForm
      token={token}
      invalidText={AUTH_MESSAGES.invitationInvalid}
      invalidLink={{ to: '/login', text: INVITATION_TEXTS.invalidHelp }}
      submitText={INVITATION_TEXTS.submit}
      savingText={INVITATION_TEXTS.saving}
      onSubmit={async (input) => {
        const { token: sessionToken, user } = await mutation.mutateAsync(input);
        session.start(sessionToken, user);
        toast.success(AUTH_MESSAGES.invitationAccepted, { id: AUTH_TOAST.acceptInvitation });
        await navigate('/dashboard', { replace: true });
      }}
      onError={(error) => toast.error(errorText(error), { id: AUTH_TOAST.acceptInvitation })}
    />
  );
}

function NewPasswordForm({
  token,
  invalidText,
  invalidLink,
  submitText,
  savingText,
  onSubmit: submit,
  onError,
}: {
  token: string | null;
  invalidText: string;
  invalidLink: { to: string; text: string };
  submitText: string;
  savingText: string;
  onSubmit: (input: { token: string; password: string }) => Promise<void>;
  onError: (error: unknown) => void;
}) {
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
          {invalidText}
        </p>
        <Link
          to={invalidLink.to}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {invalidLink.text}
        </Link>
      </div>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      await submit({ token, password: values.password });
    } catch (error) {
      onError(error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        hint={AUTH_MESSAGES.passwordRulesHint}
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
      <Button type="submit" fullWidth isLoading={isSubmitting} loadingText={savingText}>
        {submitText}
      </Button>
    </form>
  );
}
