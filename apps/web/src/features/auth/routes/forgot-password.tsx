import { AuthCard } from '../../../components/ui/card';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: { title: 'Forgot Password | Mwamba & Associates Advocates', description: '', noindex: true },
};

export function Component() {
  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter the email address of your account. We will email you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
