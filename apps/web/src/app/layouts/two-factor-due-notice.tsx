import {
  TWO_FACTOR_SCREEN_TEXTS as S,
  formatNairobiDateTime,
  twoFactorSetupState,
} from '@firm/shared';
import { ShieldAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session';

const SETUP_PATH = '/two-factor-setup';
/**
 * Where the notice shows: the page staff land on after signing in, and Profile. Not on every page:
 * screens sized to the window (Messages) would be pushed below it, their Send button with them.
 */
const SHOWN_ON = new Set(['/dashboard', '/profile']);

/**
 * While a staff member's grace lasts (the firm's setting, ADR 037), the dashboard and Profile say
 * by when they must set up a second factor, with the way to do it. Past it, the guard takes them
 * there instead.
 */
export function TwoFactorDueNotice() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user?.twoFactorDueAt || !SHOWN_ON.has(pathname)) return null;
  if (twoFactorSetupState(user, new Date()) !== 'due') return null;
  return (
    <div className="border-b border-amber-200 bg-amber-50 text-amber-950">
      <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
        <span className="min-w-0 flex-1">
          {S.setupDueBy(formatNairobiDateTime(user.twoFactorDueAt))}
        </span>
        <Link
          to={SETUP_PATH}
          state={{ from: pathname }}
          className="font-medium text-brand-800 underline underline-offset-2"
        >
          {S.setupNow}
        </Link>
      </p>
    </div>
  );
}
