import { BOOK_CONSULTATION_PATH } from '@firm/shared';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/ui/card';
import { LoginForm } from '../components/login-form';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: { title: 'Sign In | Mwamba & Associates Advocates', description: '', noindex: true },
};

export function Component() {
  return (
    <AuthCard
      title="Sign In"
      intro={
        <>
          Welcome back. Sign in to your client portal, or{' '}
          <Link to={BOOK_CONSULTATION_PATH} className="font-medium text-brand-700 underline">
            book a consultation
          </Link>{' '}
          without an account.
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
