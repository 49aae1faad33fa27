import { Link } from 'react-router';
import { AuthCard } from '../../../components/ui/card';
import { AdvocateRegistration } from '../components/advocate-registration';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Advocate Registration | Mwamba & Associates Advocates',
    description: '',
    noindex: true,
  },
};

/** /register and /advocate-register: one form (docs/product-rules.md#validation). */
export function Component() {
  return (
    <AuthCard
      wide
      title="Advocate Registration"
      intro={
        <>
          For advocates of the firm only. Clients and office staff receive their sign-in details
          from the firm&apos;s advocate. Already registered?{' '}
          <Link to="/login" className="font-medium text-brand-700 underline">
            Sign in
          </Link>
          .
        </>
      }
    >
      <AdvocateRegistration />
    </AuthCard>
  );
}
