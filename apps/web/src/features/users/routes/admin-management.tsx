import type { PublicUser } from '@firm/shared';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { Tabs } from '../../../components/ui/tabs';
import { AdminOverview } from '../components/admin-overview';
import { UserManagementPanel } from '../components/user-management-panel';
import { useSession } from '../../../lib/session';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Admin Management | Mwamba & Associates Advocates',
    description: '',
    noindex: true,
  },
};

type TabKey = 'overview' | 'advanced';

/** `?tab=users` opens the users' tab (a link from the dashboard; a reload stays on it). */
const TAB_PARAM = 'tab';
const USERS_TAB = 'users';

function AdminManagement({ actor }: { actor: PublicUser }) {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get(TAB_PARAM) === USERS_TAB ? 'advanced' : 'overview';
  const setTab = (key: TabKey) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === 'advanced') next.set(TAB_PARAM, USERS_TAB);
        else next.delete(TAB_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <>
      <PageHeading title="Admin Management (Superuser)" />
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <Tabs<TabKey>
          label="Admin management"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { key: 'overview', label: 'Admin Overview', panel: <AdminOverview actor={actor} /> },
            {
              key: 'advanced',
              label: 'Advanced User Management',
              panel: <UserManagementPanel actor={actor} />,
            },
          ]}
        />
      </div>
    </>
  );
}

/** /admin-management: advocates only; the route guard has turned everyone else away (manifest). */
export function Component() {
  const { user } = useSession();
  return user ? <AdminManagement actor={user} /> : null;
}
