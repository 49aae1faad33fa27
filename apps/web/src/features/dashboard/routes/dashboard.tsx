import { DASHBOARD_MESSAGES as D } from '@firm/shared';
import { ListResults } from '../../../components/list/list-states';
import type { RouteHandle } from '../../../lib/seo';
import { useSession } from '../../../lib/session';
import { useDashboardStats } from '../api/dashboard-stats';
import { ClientDashboard } from '../components/client-dashboard';
import { StaffDashboard } from '../components/staff-dashboard';
import { DashboardSkeleton } from '../components/tiles';

export const handle: RouteHandle = {
  seo: { title: 'Dashboard | Mwamba & Associates Advocates', description: '', noindex: true },
};

/**
 * /dashboard: the welcome, then the caller's dashboard from one GET /api/dashboard/stats
 * (a client's own figures and quick actions; an admin's sections by toggle; an advocate's firm at a
 * glance), with a skeleton while it loads and Try again when it fails.
 */
export function Component() {
  const { user } = useSession();
  const query = useDashboardStats();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
          {D.welcome(user.firstName)}
        </h1>
        <p className="mt-1 text-slate-700">{D.subtitle}</p>
      </div>
      <ListResults
        query={query}
        loadingLabel={D.loading}
        loading={<DashboardSkeleton />}
        failedText={D.loadFailed}
      >
        {(stats) =>
          stats.client ? (
            <ClientDashboard stats={{ ...stats, client: stats.client }} />
          ) : (
            <StaffDashboard stats={stats} user={user} />
          )
        }
      </ListResults>
    </div>
  );
}
