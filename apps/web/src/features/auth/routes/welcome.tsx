import { INVITATION_TEXTS } from '@firm/shared';
import { useEffect, useState } from 'react';
import { AuthCard } from '../../../components/ui/card';
import { readResetToken, removeResetTokenFromAddress } from '../../../lib/link-token';
import type { RouteHandle } from '../../../lib/seo';
import { ChooseInvitedPasswordForm } from '../components/reset-password-form';

export const handle: RouteHandle = {
  seo: {
    title: `${INVITATION_TEXTS.pageTitle} | Mwamba & Associates Advocates`,
    description: '',
    noindex: true,
  },
};

/** A welcome email's link (/welcome#token=…, ADR 024): the new person chooses their password. */
export function Component() {
  // Read once: the address bar loses the token right after (below).
  const [token] = useState(() =>
    typeof window === 'undefined' ? null : readResetToken(window.location),
  );
  useEffect(() => removeResetTokenFromAddress(window.location, window.history), []);
  return (
    <AuthCard title={INVITATION_TEXTS.pageTitle} intro={INVITATION_TEXTS.intro}>
      <ChooseInvitedPasswordForm token={token} />
    </AuthCard>
  );
}
