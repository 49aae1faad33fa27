import type { PublicUser } from '@firm/shared';
import { useState } from 'react';
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

function AdminManagement({ actor }: { actor: PublicUser }) {
  const [tab, setTab] = useState<TabKey>('overview');
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
