import { AUTH_MESSAGES, type PublicUser } from '@firm/shared';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';

/** After a later advocate registers: the account waits for an existing advocate to verify it. */
export function PendingVerification({ message, user }: { message: string; user: PublicUser }) {
  return (
    <div role="status" className="space-y-4">
      <h2 className="text-xl font-semibold text-brand-900">
        {AUTH_MESSAGES.awaitingVerificationHeading}
      </h2>
      <p className="text-slate-700">{message}</p>
      <p className="text-sm text-slate-700">
        {AUTH_MESSAGES.onceVerifiedSignInWith} <strong>{user.email}</strong>{' '}
        {AUTH_MESSAGES.onceVerifiedPassword}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className={buttonVariants()}>
          Go to Homepage
        </Link>
        <Link to="/login" className={buttonVariants({ variant: 'secondary' })}>
          Sign In
        </Link>
      </div>
    </div>
  );
}
