import { SIGN_IN_DEVICE_TEXTS as T } from '@firm/shared';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { AuthCard } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError, errorText } from '../../../lib/api-client';
import { readResetToken, removeResetTokenFromAddress } from '../../../lib/link-token';
import type { RouteHandle } from '../../../lib/seo';
import { useSecureAccount } from '../api/secure-account';
import { AUTH_TOAST } from '../components/toast-ids';

export const handle: RouteHandle = {
  seo: {
    title: 'Secure Your Account | Mwamba & Associates Advocates',
    description: '',
    noindex: true,
  },
};

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/**
 * /secure-account#token=…: a sign-in alert's "Not you? Secure your account" link (ADR 037). Opening
 * it does nothing (mail scanners open links): the button signs out every session, then the page
 * goes straight on to choosing a new password with the reset token the server answered.
 */
export function Component() {
  const navigate = useNavigate();
  const mutation = useSecureAccount();
  // Read once: the address bar loses the token right after (below).
  const [token] = useState(() =>
    typeof window === 'undefined' ? null : readResetToken(window.location),
  );
  useEffect(() => removeResetTokenFromAddress(window.location, window.history), []);

  const secure = async () => {
    if (!token) return;
    try {
      const result = await mutation.mutateAsync({ token });
      toast.success(result.message, { id: AUTH_TOAST.secureAccount });
      await navigate(`/reset-password#token=${encodeURIComponent(result.resetToken)}`, {
        replace: true,
      });
    } catch {
      // Shown in the page, with the ways on (below).
    }
  };

  // A link refused (spent, expired, not whole) cannot be tried again; a failure on the way
  // (offline, a server error) can.
  const isLinkDead =
    !token || (mutation.error instanceof ApiError && mutation.error.status === 400);
  return (
    <AuthCard title={T.pageTitle} intro={T.pageIntro}>
      {isLinkDead ? (
        <div className="space-y-4">
          <FormAlert message={token ? errorText(mutation.error) : T.linkRequired} />
          <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link to="/forgot-password" className={linkClass}>
              {T.forgotPasswordLink}
            </Link>
            <Link to="/login" className={linkClass}>
              {T.signInLink}
            </Link>
          </p>
        </div>
      ) : (
        <div className="space-y-5">
          <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
            {T.pageSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <FormAlert message={mutation.isError ? errorText(mutation.error) : null} />
          <Button
            type="button"
            fullWidth
            isLoading={mutation.isPending || mutation.isSuccess}
            loadingText={T.securing}
            onClick={() => void secure()}
          >
            {T.secureButton}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
