import { useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/ui/card';
import { ResetPasswordForm } from '../components/reset-password-form';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: { title: 'Reset Password | Mwamba & Associates Advocates', description: '', noindex: true },
};

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Reset Password" intro="Choose a new password for your account.">
      <ResetPasswordForm token={params.get('token')} />
    </AuthCard>
  );
}
