import { loginFormSchema, AUTH_MESSAGES, type SecondFactorMethod } from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import { twoFactorChallengeOf, twoFactorMethodsOf } from '../api/login-second-step';
import { TwoFactorStep } from './two-factor-step';
import { applyServerErrors } from '../../../lib/form-errors';
import { AUTH_TOAST } from './toast-ids';

/**
 * The login form of docs/product-rules.md#screens, #validation. On success the session starts; the signed-out-only
 * guard then takes the user where they were going (or to /dashboard).
 */
export function LoginForm() {
  const session = useSession();
  const loginMutation = useLogin();
  // Set when the password was right and the account asks for a second factor (ADR 037).
  const [challenge, setChallenge] = useState<{
    token: string;
    methods: SecondFactorMethod[];
  } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { token, user } = await loginMutation.mutateAsync(values);
      session.start(token, user);
      toast.success(AUTH_MESSAGES.loginSuccess, { id: AUTH_TOAST.signIn });
    } catch (error) {
      const challengeToken = twoFactorChallengeOf(error);
      if (challengeToken) {
        toast.dismiss(AUTH_TOAST.signIn);
        setChallenge({ token: challengeToken, methods: twoFactorMethodsOf(error) });
        return;
      }
      applyServerErrors(error, setError, ['email', 'password']);
      toast.error(errorText(error, AUTH_MESSAGES.loginFailed), { id: AUTH_TOAST.signIn });
    }
  });

  if (challenge) {
    return (
      <TwoFactorStep
        challengeToken={challenge.token}
        methods={challenge.methods}
        onRestart={(reason) => {
          setChallenge(null);
          if (reason) toast.error(reason, { id: AUTH_TOAST.signIn });
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Email address"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Checkbox label="Remember me" {...register('rememberMe')} />
        <Link
          to="/forgot-password"
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button
        type="submit"
        fullWidth
        isLoading={isSubmitting}
        loadingText={AUTH_MESSAGES.signingIn}
      >
        Sign In
      </Button>
      <p className="rounded-md bg-brand-50 p-3 text-sm text-slate-700">
        Admin and client accounts are created by the firm&apos;s advocate, who gives you your
        sign-in details.
      </p>
      <p className="text-center text-sm text-slate-700">
        Are you an advocate?{' '}
        <Link
          to="/advocate-register"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Register as an advocate
        </Link>
      </p>
    </form>
  );
}
