import { USER_MANAGEMENT_MESSAGES, can, type PublicUser } from '@firm/shared';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Navigate } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { Tabs } from '../../components/ui/tabs';
import { AdminOverview } from '../../features/users/components/admin-overview';
import { UserManagementPanel } from '../../features/users/components/user-management-panel';
import { useSession } from '../../lib/session';
import type { RouteHandle } from '../seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Admin Management | Mwamba & Associates Advocates',
    description: '',
    noindex: true,
  },
};

type TabKey = 'overview' | 'advanced';

/** A signed-in user who is not an advocate: told why, and sent to their dashboard (SPEC 2). */
function AccessDeniedRedirect() {
  useEffect(() => {
    toast.error(USER_MANAGEMENT_MESSAGES.adminManagementAccessDenied, {
      id: 'admin-management-denied',
    });
  }, []);
  return <Navigate to="/dashboard" replace />;
}

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

/** /admin-management: advocates only (the portal's guard has already required a session). */
export function Component() {
  const { user } = useSession();
  if (!user) return null;
  if (!can(user, 'admins:manage')) return <AccessDeniedRedirect />;
  return <AdminManagement actor={user} />;
}
