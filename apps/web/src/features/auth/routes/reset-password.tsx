import { useEffect, useState } from 'react';
import { AuthCard } from '../../../components/ui/card';
import { ResetPasswordForm } from '../components/reset-password-form';
import { readResetToken, removeResetTokenFromAddress } from '../../../lib/link-token';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: { title: 'Reset Password | Mwamba & Associates Advocates', description: '', noindex: true },
};

export function Component() {
  // Read once: the address bar loses the token right after (below).
  const [token] = useState(() =>
    typeof window === 'undefined' ? null : readResetToken(window.location),
  );
  useEffect(() => removeResetTokenFromAddress(window.location, window.history), []);
  return (
    <AuthCard title="Reset Password" intro="Choose a new password for your account.">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
