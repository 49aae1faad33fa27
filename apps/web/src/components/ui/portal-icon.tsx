import type { PortalIcon } from '@firm/shared';
import {
  Briefcase,
  CalendarDays,
  ChartColumn,
  Inbox,
  MessageSquare,
  Receipt,
  Settings,
  ShieldCheck,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** The picture for each icon name the portal manifest may use. */
export const PORTAL_ICONS: Record<PortalIcon, LucideIcon> = {
  briefcase: Briefcase,
  calendar: CalendarDays,
  message: MessageSquare,
  users: Users,
  shield: ShieldCheck,
  settings: Settings,
  'user-cog': UserCog,
  inbox: Inbox,
  receipt: Receipt,
  chart: ChartColumn,
};
