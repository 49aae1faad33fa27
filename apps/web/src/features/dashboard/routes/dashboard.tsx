import { portalDashboardTiles } from '@firm/shared';
import { Link } from 'react-router';
import { PORTAL_ICONS } from '../../../components/ui/portal-icon';
import type { RouteHandle } from '../../../lib/seo';
import { useSession } from '../../../lib/session';

export const handle: RouteHandle = {
  seo: { title: 'Dashboard | Mwamba & Associates Advocates', description: '', noindex: true },
};

/**
 * A welcome and the places the person may go (the portal manifest's tiles, as `can()` allows);
 * the full dashboards come with cases and appointments.
 */
export function Component() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">
        Welcome, {user.firstName}
      </h1>
      <p className="mt-2 text-slate-700">What would you like to do today?</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {portalDashboardTiles(user).map((tile) => {
          const Icon = PORTAL_ICONS[tile.icon];
          return (
            <li key={tile.to}>
              <Link
                to={tile.to}
                className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600 hover:shadow"
              >
                <Icon aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
                <span>
                  <span className="block font-semibold text-brand-900">{tile.label}</span>
                  <span className="mt-1 block text-sm text-slate-600">{tile.description}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
