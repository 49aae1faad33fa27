import { APPOINTMENT_MESSAGES } from './appointments/texts';
import { BILLING_MESSAGES } from './billing/texts';
import { CASE_MESSAGES } from './cases/texts';
import { CLIENT_MONEY_MESSAGES } from './client-money/texts';
import { CLIENT_MESSAGES, ENQUIRY_MESSAGES } from './clients/texts';
import {
  ADMIN_PERMISSION_KEYS,
  ADMIN_PERMISSION_LABELS,
  type AdminPermissionKey,
} from './common/constants';
import { MESSAGES } from './common/texts';
import { DASHBOARD_MESSAGES } from './dashboard/texts';
import { MESSAGE_MESSAGES } from './messages/texts';
import { ACTIONS, ROLE_RULES, type Action, type Rule } from './permissions';
import { CALENDAR_FEED_TEXTS } from './court-dates/texts';
import { PROFILE_MESSAGES } from './profile/texts';
import { REPORT_TEXTS } from './reports/texts';
import { TIME_TEXTS } from './time/texts';
import { HOLIDAY_TEXTS, TASK_TEXTS } from './deadlines/texts';
import { USER_MANAGEMENT_MESSAGES } from './users/texts';

/**
 * What the permission rules mean in words, generated from the rules themselves
 * (`ROLE_RULES.admin`, docs/roles-and-permissions.md), so a toggle's description and a refusal
 * cannot say something the rules do not do.
 */

/** What each action opens, as the screens name it. */
export const ACTION_PHRASES: Record<Action, string> = {
  'dashboard:view': 'the Dashboard',
  'cases:view': 'the Cases screen: list and open case files',
  'cases:create': 'create a case',
  'cases:manage': 'change a case and add notes',
  'cases:delete': 'delete an empty case',
  'court-dates:view': 'court dates in the diary and the calendar feed',
  'files:open': 'open and download case documents',
  'files:upload': 'upload documents to a case',
  'files:share': 'share a document with the client, or make it internal',
  'appointments:view': 'the Appointments diary',
  'appointments:schedule': 'book, confirm, reschedule and cancel appointments',
  'appointments:contact': 'a booking’s email and phone',
  'payments:record': 'record an appointment’s payment',
  'fee-notes:view': 'the Billing screen: fee notes and payments',
  'fee-notes:manage': 'draft, issue and cancel fee notes',
  'payments:pay': 'pay by M-Pesa',
  'client-money:view': 'client money: what is held for each client and case',
  'client-money:record': 'record client money received, paid out or refunded',
  'client-money:transfer': 'transfer client money to an office account for a fee note',
  'client-money:reverse': 'reverse a client money entry',
  'client-money:accounts': 'add the firm’s office and client accounts',
  'client-money:reconcile': 'import client account statements and reconcile them',
  'time:record': 'record their own time and expenses on cases',
  'tasks:manage': 'add and change tasks and deadlines on cases',
  'holidays:add': 'add a public holiday gazetted at short notice',
  'time:manage': 'see everyone’s time and expenses, set rates and bill unbilled work',
  'messages:view': 'Messages: the conversations they are named on',
  'messages:start': 'start a conversation with a client',
  'messages:all': 'see and answer every conversation with clients',
  'messages:file': 'file a message’s attachment to its case',
  'clients:view': 'the Clients screen',
  'clients:admit': 'create client accounts',
  'clients:edit': 'edit a client’s contact details',
  'enquiries:view': 'the Enquiries inbox',
  'enquiries:convert': 'convert an enquiry to a client',
  'reports:view': 'Reports: caseload, appointments, enquiries and client service',
  'reports:money': 'the Money report',
  'reports:client-money': 'the Client money report',
  'users:manage': 'user management',
  'admins:manage': 'Admin Management',
  'settings:view': 'System Settings',
  'profile:professional': 'an advocate’s professional details',
  'profile:sms': 'text message choices',
};

/** What a refusal says first: the screen's or the action's own words. */
const REFUSALS: Record<Action, string> = {
  'dashboard:view': DASHBOARD_MESSAGES.accessDenied,
  'cases:view': CASE_MESSAGES.viewDenied,
  'cases:create': CASE_MESSAGES.manageDenied,
  'cases:manage': CASE_MESSAGES.manageDenied,
  'cases:delete': CASE_MESSAGES.deleteDenied,
  'court-dates:view': CALENDAR_FEED_TEXTS.viewDenied,
  'files:open': CASE_MESSAGES.viewDenied,
  'files:upload': CASE_MESSAGES.uploadDenied,
  'files:share': CASE_MESSAGES.shareDenied,
  'appointments:view': MESSAGES.forbidden,
  'appointments:schedule': APPOINTMENT_MESSAGES.accessDenied,
  'appointments:contact': MESSAGES.forbidden,
  'payments:record': APPOINTMENT_MESSAGES.recordPaymentDenied,
  'fee-notes:view': BILLING_MESSAGES.viewDenied,
  'fee-notes:manage': BILLING_MESSAGES.manageDenied,
  'payments:pay': BILLING_MESSAGES.payDenied,
  'client-money:view': CLIENT_MONEY_MESSAGES.viewDenied,
  'client-money:record': CLIENT_MONEY_MESSAGES.recordDenied,
  'client-money:transfer': CLIENT_MONEY_MESSAGES.transferDenied,
  'client-money:reverse': CLIENT_MONEY_MESSAGES.reverseDenied,
  'client-money:accounts': CLIENT_MONEY_MESSAGES.accountsDenied,
  'client-money:reconcile': CLIENT_MONEY_MESSAGES.reconcileDenied,
  'time:record': TIME_TEXTS.recordDenied,
  'tasks:manage': TASK_TEXTS.manageDenied,
  'holidays:add': HOLIDAY_TEXTS.addDenied,
  'time:manage': TIME_TEXTS.manageDenied,
  'messages:view': MESSAGE_MESSAGES.viewDenied,
  'messages:start': MESSAGE_MESSAGES.startDenied,
  'messages:all': MESSAGE_MESSAGES.membersDenied,
  'messages:file': MESSAGE_MESSAGES.fileDenied,
  'clients:view': CLIENT_MESSAGES.viewDenied,
  'clients:admit': USER_MANAGEMENT_MESSAGES.clientsAccessDenied,
  'clients:edit': CLIENT_MESSAGES.editDenied,
  'enquiries:view': ENQUIRY_MESSAGES.accessDenied,
  'enquiries:convert': ENQUIRY_MESSAGES.convertDenied,
  'reports:view': REPORT_TEXTS.accessDenied,
  'reports:money': REPORT_TEXTS.moneyDenied,
  'reports:client-money': REPORT_TEXTS.clientMoneyDenied,
  'users:manage': USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
  'admins:manage': USER_MANAGEMENT_MESSAGES.adminsAccessDenied,
  'settings:view': PROFILE_MESSAGES.settingsAccessDenied,
  'profile:professional': PROFILE_MESSAGES.professionalDetailsOnlyAdvocates,
  'profile:sms': PROFILE_MESSAGES.smsClientsOnly,
};

/**
 * The sets of toggles that open `action` to an admin: any one set, all toggles of that set
 * (`[]`: none needed; no set at all: no admin may).
 */
export function togglesOpening(action: Action): AdminPermissionKey[][] {
  const sets = (rule: Rule | undefined): AdminPermissionKey[][] => {
    if (rule === undefined || rule === 'own') return [];
    if (rule === true) return [[]];
    if (typeof rule === 'string') return [[rule]];
    if ('all' in rule) {
      return rule.all.reduce<AdminPermissionKey[][]>(
        (acc, each) => acc.flatMap((left) => sets(each).map((right) => [...left, ...right])),
        [[]],
      );
    }
    return rule.flatMap((each) => sets(each));
  };
  return sets(ROLE_RULES.admin[action]);
}

const named = (key: AdminPermissionKey) => `“${ADMIN_PERMISSION_LABELS[key].label}”`;
const orList = (words: string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/**
 * Who may be given `action`, for a refusal: the toggle(s) an admin needs and who turns them on,
 * or that it is for advocates alone.
 */
export function whoMay(action: Action): string {
  const sets = togglesOpening(action);
  if (sets.length === 0) {
    // A client's own action (paying, text choices) says so in its own words already.
    return ROLE_RULES.client[action] === undefined
      ? 'No admin permission opens this: it is for advocates.'
      : '';
  }
  if (sets.some((set) => set.length === 0)) return '';
  const choices = sets.map((set) => set.map(named).join(' and '));
  const one = sets.length === 1 && sets[0]!.length === 1;
  return `An admin needs the ${orList(choices)} ${one ? 'permission' : 'permissions'}; an advocate turns ${one ? 'it' : 'them'} on in Admin Management → Edit Permissions.`;
}

/** A refusal's words with who may be given it, when there is something to say. */
export function refusalText(base: string, action: Action): string {
  const who = whoMay(action);
  if (!who) return base;
  return `${base.replace(/[.\s]+$/, '')}. ${who}`;
}

/**
 * What a refusal of each action says (the 403's message, and the screen's Access Denied): the
 * server's `assertCan` and route guards answer with it, so one action is refused in one way, and
 * each names the toggle that would allow it and who can change it.
 */
export const DENIED_TEXTS = Object.fromEntries(
  ACTIONS.map((action) => [action, refusalText(REFUSALS[action], action)]),
) as Record<Action, string>;

/**
 * What turning a toggle on opens: every action the rules open with it, alone or with another
 * toggle (named after it).
 */
export function toggleOpens(key: AdminPermissionKey): string[] {
  return ACTIONS.flatMap((action) => {
    const sets = togglesOpening(action).filter((set) => set.includes(key));
    if (sets.length === 0 || togglesOpening(action).some((set) => set.length === 0)) return [];
    const alone = sets.some((set) => set.length === 1);
    if (alone) return [ACTION_PHRASES[action]];
    const others = sets.flatMap((set) => set.filter((other) => other !== key)).map(named);
    return [`${ACTION_PHRASES[action]} (with ${orList([...new Set(others)])})`];
  });
}

/** A toggle's description on Add Admin and Edit Permissions. */
export const toggleDescription = (key: AdminPermissionKey): string =>
  `With it: ${toggleOpens(key).join('; ')}.`;

/** What every admin has, whatever their toggles. */
export const EVERY_ADMIN_OPENS: string[] = ACTIONS.filter((action) =>
  togglesOpening(action).some((set) => set.length === 0),
).map((action) => ACTION_PHRASES[action]);

/** The warning of an admin with no toggle on. */
export const NO_PERMISSIONS_WARNING = `No permissions are enabled. This admin will only have ${EVERY_ADMIN_OPENS.join('; ')}.`;

export const ADMIN_TOGGLE_DESCRIPTIONS = Object.fromEntries(
  ADMIN_PERMISSION_KEYS.map((key) => [key, toggleDescription(key)]),
) as Record<AdminPermissionKey, string>;
