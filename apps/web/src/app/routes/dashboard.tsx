import { can, type Action } from '@firm/shared';
import {
  Briefcase,
  CalendarDays,
  MessageSquare,
  Settings,
  ShieldCheck,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import type { RouteHandle } from '../seo';

export const handle: RouteHandle = {
  seo: { title: 'Dashboard | Mwamba & Associates Advocates', description: '', noindex: true },
};

interface Destination {
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
  /** Shown when the user may do this; none: everyone signed in. */
  action?: Action;
  clientLabel?: string;
}

const DESTINATIONS: Destination[] = [
  {
    to: '/cases',
    label: 'Cases',
    clientLabel: 'My Cases',
    description: 'Follow the progress of matters, documents and court dates.',
    icon: Briefcase,
    action: 'cases:view',
  },
  {
    to: '/appointments',
    label: 'Appointments',
    description: 'See upcoming meetings and book a consultation.',
    icon: CalendarDays,
    action: 'appointments:view',
  },
  {
    to: '/messages',
    label: 'Messages',
    description: 'Conversations with the firm.',
    icon: MessageSquare,
    action: 'messages:view',
  },
  {
    to: '/clients',
    label: 'Clients',
    description: "The firm's clients and their contacts.",
    icon: Users,
    action: 'clients:view',
  },
  {
    to: '/admin-management',
    label: 'Admin Management',
    description: 'Create office staff and client accounts, and set admin permissions.',
    icon: ShieldCheck,
    action: 'admins:manage',
  },
  {
    to: '/system-settings',
    label: 'System Settings',
    description: 'Settings of the portal.',
    icon: Settings,
    action: 'settings:view',
  },
  {
    to: '/profile',
    label: 'Profile Settings',
    description: 'Your details and password.',
    icon: UserCog,
  },
];

/** A welcome and the places the user's role may go; the full dashboards come with cases and appointments. */
export function Component() {
  const { user } = useSession();
  if (!user) return null;
  const destinations = DESTINATIONS.filter((item) => !item.action || can(user, item.action));
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">
        Welcome, {user.firstName}
      </h1>
      <p className="mt-2 text-slate-700">What would you like to do today?</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {destinations.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600 hover:shadow"
            >
              <item.icon aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
              <span>
                <span className="block font-semibold text-brand-900">
                  {user.role === 'client' && item.clientLabel ? item.clientLabel : item.label}
                </span>
                <span className="mt-1 block text-sm text-slate-600">{item.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
