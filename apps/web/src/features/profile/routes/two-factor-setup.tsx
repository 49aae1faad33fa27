import { TWO_FACTOR_SCREEN_TEXTS as S, TWO_FACTOR_TEXTS, twoFactorSetupState } from '@firm/shared';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { AuthCard } from '../../../components/ui/card';
import { safeFrom } from '../../../lib/return-path';
import type { RouteHandle } from '../../../lib/seo';
import { useSession } from '../../../lib/session';
import { useTwoFactorStatus } from '../api/two-factor';
import { PasskeysPanel } from '../components/passkeys-panel';
import { TwoFactorPanel } from '../components/two-factor-panel';

export const handle: RouteHandle = {
  seo: {
    title: `${S.setupPageTitle} | Mwamba & Associates Advocates`,
    description: '',
    noindex: true,
  },
};

/**
 * Staff set up a second factor here (ADR 037): sent by the guard once their grace has run out, or
 * by the portal's notice while it lasts. Profile's own panels do the work; once one is on, the
 * session is read again (the server has lifted the gate) and the person goes on where they were
 * going.
 */
export function Component() {
  const { user, refresh, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const status = useTwoFactorStatus();
  const [isLeaving, setIsLeaving] = useState(false);
  const isOn = status.data ? status.data.totp || status.data.passkeys > 0 : false;
  const isRequired = user ? twoFactorSetupState(user, new Date()) === 'required' : false;

  const goOn = async () => {
    setIsLeaving(true);
    await refresh();
    void navigate(safeFrom(location.state) ?? '/dashboard', { replace: true });
  };

  return (
    <AuthCard
      wide
      title={S.setupPageTitle}
      intro={
        isRequired ? (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
            {TWO_FACTOR_TEXTS.setupRequired}
          </p>
        ) : (
          S.setupPageIntro
        )
      }
    >
      <div className="space-y-6">
        <section aria-labelledby="two-factor-app" className="space-y-3">
          <h2 id="two-factor-app" className="text-lg font-semibold text-slate-900">
            {S.appHeading}
          </h2>
          <p className="text-sm text-slate-700">{S.sectionIntro}</p>
          <TwoFactorPanel />
        </section>
        <PasskeysPanel />
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          {isOn ? (
            <Button onClick={() => void goOn()} isLoading={isLeaving}>
              {S.continueToPortal}
            </Button>
          ) : null}
          <Button variant="neutral" onClick={() => void signOut()}>
            {S.signOut}
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
