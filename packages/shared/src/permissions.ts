import type { AdminPermissionKey, AdminPermissions, Role } from './common/constants';

/**
 * Who may do what (docs/roles-and-permissions.md), as data. The server enforces `can()` on every request and the
 * web app uses the same function to show or hide controls. A rule may depend on the record
 * (ownership: a client's own case, the assigned member of staff); the server also puts the same
 * ownership into its repositories' WHERE clauses, so a list never holds another client's rows.
 */
export const ACTIONS = [
  'dashboard:view',
  'cases:view',
  'cases:create',
  'cases:manage',
  'cases:delete',
  'court-dates:view',
  'files:open',
  'files:upload',
  'files:share',
  'appointments:view',
  'appointments:schedule',
  'appointments:contact',
  'payments:record',
  'fee-notes:view',
  'fee-notes:manage',
  'payments:pay',
  'client-money:view',
  'client-money:record',
  'client-money:transfer',
  'client-money:reverse',
  'client-money:accounts',
  'client-money:reconcile',
  'time:record',
  'time:manage',
  'tasks:manage',
  'holidays:add',
  'messages:view',
  'messages:start',
  'messages:all',
  'messages:file',
  'clients:view',
  'clients:admit',
  'clients:edit',
  'enquiries:view',
  'enquiries:convert',
  'reports:view',
  'reports:money',
  'reports:client-money',
  'users:manage',
  'admins:manage',
  'settings:view',
  'profile:professional',
  'profile:sms',
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * - `true`: always allowed;
 * - a permission key: allowed when the admin holds that toggle;
 * - `'own'`: the record's client is the caller;
 * - a list: allowed when any of its rules allows;
 * - `{ all }`: allowed when every one of its rules allows.
 */
export type Rule =
  true | AdminPermissionKey | 'own' | readonly Rule[] | { readonly all: readonly Rule[] };

/** What an ownership rule looks at in a record. */
export interface OwnedResource {
  clientId?: string | null;
  assigneeId?: string | null;
}

/** The admins who may see the firm's clients: the Clients screen, and starting a conversation. */
const SEES_CLIENTS: Rule = ['canAdmitClients', 'canOpenFiles', 'canManageCases'];

/**
 * The admins who act on a booking's person (ADR 021): they schedule, confirm and call them, or turn a
 * visitor into a client from the Enquiries inbox. They see a booking's email and phone.
 */
const HANDLES_BOOKINGS: Rule = ['canAdmitClients', 'canScheduleAppointments'];

export const ROLE_RULES: Record<Role, Partial<Record<Action, Rule>>> = {
  client: {
    'dashboard:view': true,
    // A client's own records only: another client's answers 404 (docs/roles-and-permissions.md).
    'cases:view': 'own',
    // The court dates of their own cases, in the diary and its calendar feed.
    'court-dates:view': 'own',
    // Their own cases' shared documents, and their own uploads to their own open cases.
    'files:open': 'own',
    'files:upload': 'own',
    'appointments:view': 'own',
    // Book, reschedule and cancel their own appointments; staff need the toggle.
    'appointments:schedule': 'own',
    'appointments:contact': 'own',
    // Their own issued fee notes, payments and receipts (another's, or a draft, answers 404), and
    // paying them from their phone (ADR 035).
    'fee-notes:view': 'own',
    'payments:pay': 'own',
    // What the firm holds for them in its client account, and every movement of it (ADR 045).
    'client-money:view': 'own',
    // Their own conversations only (another client's answers 404).
    'messages:view': 'own',
    // A client writes to the firm for themself only (ADR 020).
    'messages:start': 'own',
    // Texts go to clients only: their appointments, court dates, waiting messages (ADR 033).
    'profile:sms': true,
  },
  admin: {
    'dashboard:view': true,
    // Case files are opened with canOpenFiles: without it an admin sees no case at all.
    'cases:view': 'canOpenFiles',
    'court-dates:view': 'canOpenFiles',
    'cases:create': 'canManageCases',
    'cases:manage': 'canManageCases',
    'files:open': 'canOpenFiles',
    'files:upload': 'canUploadFiles',
    // Sharing a document with the client after the upload (or making it internal again) is the
    // choice an uploader makes at upload, and those who run the case may revisit it (ADR 014).
    'files:share': ['canUploadFiles', 'canManageCases'],
    'appointments:view': true,
    'appointments:schedule': 'canScheduleAppointments',
    // Every admin lists the diary (docs/roles-and-permissions.md): who comes, when, for what. A visitor's or client's email
    // and phone only for those who handle bookings; the others greet them by name (ADR 021).
    'appointments:contact': HANDLES_BOOKINGS,
    // Money is recorded by those who run the firm's matters, not by whoever keeps the
    // diary.
    'payments:record': 'canManageCases',
    // Billing goes with running the firm's matters: drafting, issuing and cancelling fee notes.
    'fee-notes:view': 'canManageCases',
    'fee-notes:manage': 'canManageCases',
    // Client money (ADR 045): those who run the matters see the ledgers and record money received
    // for a client and paid out or refunded to them. Moving it to the firm's own account,
    // reversing an entry and adding the firm's accounts are the advocates' (the Advocates
    // (Accounts) Rules make them answerable for it), so no toggle opens them.
    'client-money:view': 'canManageCases',
    'client-money:record': 'canManageCases',
    // Time and expenses (ADR 050): everyone who opens case files records their own on them;
    // those who run the matters see everyone's and bill it.
    'time:record': 'canOpenFiles',
    'time:manage': 'canManageCases',
    // Tasks and deadlines (ADR 051) go with the case files: those who open them add and change
    // the tasks on them, and are the staff a task may be assigned to.
    'tasks:manage': 'canOpenFiles',
    // Anyone at the firm may add a day gazetted at short notice; removing one is the advocates'
    // (System Settings), so a mistaken day cannot quietly move every deadline back.
    'holidays:add': true,
    // Every admin has the nav entry and the conversations they are named on; with canOpenFiles
    // they see and answer every conversation, and filing an attachment to its case is an upload.
    'messages:view': true,
    // Starting one means choosing a client: those who may see the client list (`clients:view`,
    // which holds canOpenFiles and so everyone with `messages:all`). Named-only admins answer.
    'messages:start': SEES_CLIENTS,
    'messages:all': 'canOpenFiles',
    'messages:file': 'canUploadFiles',
    // The Clients screen: those who admit clients, open their files or run their cases.
    'clients:view': SEES_CLIENTS,
    // Editing a client's contact details goes with admitting them.
    'clients:admit': 'canAdmitClients',
    'clients:edit': 'canAdmitClients',
    // The Enquiries inbox: contact messages and visitor bookings lead to new clients or meetings.
    'enquiries:view': HANDLES_BOOKINGS,
    // Turning an enquiry into a client is admitting one.
    'enquiries:convert': 'canAdmitClients',
    'reports:view': 'canAccessReports',
    // The Money report shows what the firm billed, was paid and is owed: the figures of the Billing
    // screen, so it takes what Billing takes as well as Reports (docs/roles-and-permissions.md).
    'reports:money': { all: ['canAccessReports', 'canManageCases'] },
    // The Client money report shows what is held for each client: the ledgers' figures, so it takes
    // what reading the ledgers takes (`client-money:view`) as well as Reports (ADR 045).
    'reports:client-money': { all: ['canAccessReports', 'canManageCases'] },
  },
  advocate: Object.fromEntries(ACTIONS.map((action) => [action, true])),
};

export interface Actor {
  id?: string;
  role: Role;
  isActive?: boolean;
  permissions?: Partial<AdminPermissions> | null;
}

/**
 * Who an account is, named once: screens and services ask these (or `can()` for what it may do)
 * rather than comparing role strings where they stand.
 */
export const isClientAccount = (actor: Pick<Actor, 'role'>): boolean => actor.role === 'client';
/** The firm's people: advocates and admins. */
export const isStaffAccount = (actor: Pick<Actor, 'role'>): boolean => actor.role !== 'client';
export const isAdminAccount = (actor: Pick<Actor, 'role'>): boolean => actor.role === 'admin';
export const isAdvocateAccount = (actor: Pick<Actor, 'role'>): boolean => actor.role === 'advocate';

/**
 * Staff open every client's files: advocates and admins must have a second factor to sign in, and
 * may not remove the last one (ADR 037). Clients may turn it on and off.
 */
export const secondFactorRequired = (actor: Pick<Actor, 'role'>): boolean => isStaffAccount(actor);

/** Whether one rule allows `actor`, on `resource` when one is given. */
export function ruleAllows(rule: Rule, actor: Actor, resource?: OwnedResource): boolean {
  if (rule === true) return true;
  if (typeof rule === 'object') {
    if ('all' in rule) return rule.all.every((each) => ruleAllows(each, actor, resource));
    return rule.some((each) => ruleAllows(each, actor, resource));
  }
  // Without a record, an ownership rule answers "for their own records": may list them (the
  // repository scopes the rows) and may see the page.
  if (rule === 'own') return !resource || (!!actor.id && resource.clientId === actor.id);
  return actor.permissions?.[rule] === true;
}

/**
 * Whether `actor` may do `action`, on `resource` when one is given. Deactivated accounts and
 * visitors may do nothing.
 */
export function can(
  actor: Actor | null | undefined,
  action: Action,
  resource?: OwnedResource,
): boolean {
  if (!actor || actor.isActive === false) return false;
  const rule = ROLE_RULES[actor.role][action];
  return rule !== undefined && ruleAllows(rule, actor, resource);
}

export const NO_ADMIN_PERMISSIONS: AdminPermissions = {
  canOpenFiles: false,
  canUploadFiles: false,
  canAdmitClients: false,
  canManageCases: false,
  canScheduleAppointments: false,
  canAccessReports: false,
};

/** An account whose welcome email may still be its way in: an active admin or client never signed in. */
export function awaitsFirstSignIn(user: {
  role: Role;
  isActive: boolean;
  lastLogin: string | Date | null;
}): boolean {
  return !isAdvocateAccount(user) && user.isActive && !user.lastLogin;
}

/**
 * Who may email someone a new invitation (ADR 024): whoever may create that kind of account (an
 * admin's: advocates; a client's: advocates and admins who admit clients), while it awaits its
 * first sign-in.
 */
export function mayResendInvitation(
  actor: Actor | null | undefined,
  target: { role: Role; isActive: boolean; lastLogin: string | Date | null },
): boolean {
  if (!awaitsFirstSignIn(target)) return false;
  return can(actor, isAdminAccount(target) ? 'admins:manage' : 'clients:admit');
}
