import type { AdminPermissionKey, AdminPermissions, Role } from './constants';

/**
 * Who may do what (SPEC section 6), as data. The server enforces `can()` on every request and the
 * web app uses the same function to show or hide controls. Ownership (a client sees only their own
 * records) is not decided here: repositories put it in their WHERE clause.
 */
export const ACTIONS = [
  'dashboard:view',
  'cases:view',
  'cases:create',
  'cases:manage',
  'files:open',
  'files:upload',
  'appointments:view',
  'appointments:schedule',
  'messages:view',
  'clients:view',
  'clients:admit',
  'reports:view',
  'users:manage',
  'admins:manage',
  'settings:view',
] as const;
export type Action = (typeof ACTIONS)[number];

/** `true`: always allowed; a permission key: allowed when the admin holds that toggle. */
type Rule = true | AdminPermissionKey;

export const ROLE_RULES: Record<Role, Partial<Record<Action, Rule>>> = {
  client: {
    'dashboard:view': true,
    'cases:view': true,
    'appointments:view': true,
    'messages:view': true,
  },
  admin: {
    'dashboard:view': true,
    'cases:view': true,
    'cases:create': 'canManageCases',
    'cases:manage': 'canManageCases',
    'files:open': 'canOpenFiles',
    'files:upload': 'canUploadFiles',
    'appointments:view': true,
    'appointments:schedule': 'canScheduleAppointments',
    'messages:view': true,
    'clients:view': true,
    'clients:admit': 'canAdmitClients',
    'reports:view': 'canAccessReports',
  },
  advocate: Object.fromEntries(ACTIONS.map((action) => [action, true])),
};

export interface Actor {
  role: Role;
  isActive?: boolean;
  permissions?: Partial<AdminPermissions> | null;
}

export function can(actor: Actor | null | undefined, action: Action): boolean {
  if (!actor || actor.isActive === false) return false;
  const rule = ROLE_RULES[actor.role][action];
  if (rule === undefined) return false;
  if (rule === true) return true;
  return actor.permissions?.[rule] === true;
}

export const NO_ADMIN_PERMISSIONS: AdminPermissions = {
  canOpenFiles: false,
  canUploadFiles: false,
  canAdmitClients: false,
  canManageCases: false,
  canScheduleAppointments: false,
  canAccessReports: false,
};
