import { AUTH_MESSAGES } from '@firm/shared';
import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/ui/card';
import { ChangePasswordForm } from '../components/change-password-form';
import { useSession } from '../../../lib/session';
import { safeFrom } from '../../../lib/return-path';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: { title: 'Change Password | Mwamba & Associates Advocates', description: '', noindex: true },
};

export function Component() {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const isRequired = user?.mustChangePassword === true;
  return (
    <AuthCard
      title="Change Password"
      intro={
        isRequired ? (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
            {AUTH_MESSAGES.temporaryPasswordNotice}
          </p>
        ) : (
          'Enter your current password, then the new one twice.'
        )
      }
    >
      <ChangePasswordForm
        onChanged={() => void navigate(safeFrom(location.state) ?? '/dashboard', { replace: true })}
      />
    </AuthCard>
  );
}
