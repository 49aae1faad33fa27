import {
  CLIENT_MONEY_IDLE_WARNING_MONTHS,
  UNMATCHED_LINE_WARNING_DAYS,
  COURT_DATE_WINDOW_DAYS,
  DASHBOARD_MESSAGES,
  MESSAGE_MESSAGES,
  OPEN_CASE_STATUSES,
  SETUP_ITEMS,
  addDays,
  can,
  caseNextAction,
  dayOfWeek,
  nairobiDateTime,
  nairobiDays,
  nairobiToday,
  monthsBefore,
  overdueReconciliations,
  type DashboardAppointment,
  type DashboardStats,
  type OpenCaseCounts,
  isAdminAccount,
  isClientAccount,
  type SetupChecklist,
  type SetupItem,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { readFirmSettings, withConfiguredMpesa } from '../settings/firm-settings.service';

const paymentOf = (settings: Awaited<ReturnType<typeof readFirmSettings>>) => ({
  mpesaKind: settings.mpesaKind,
  mpesaNumber: settings.mpesaNumber,
  mpesaInstructions: settings.mpesaInstructions,
});
import { userNamesByIds } from '../users/user-lookups.repository';
import { findFirmSettings } from '../settings/firm-settings.repository';
import { appointmentReference } from '../appointments/appointment-serializer';
import { countNewEnquiries } from '../clients/enquiries.service';
import { clientMessagesOverview } from '../messages/message-read-models';
import {
  accountCounts,
  appointmentCounts,
  clientAccountLocks,
  idleClientMoney,
  staleUnmatchedLines,
  bookingRequestCount,
  clientCaseCount,
  clientOpenCases,
  clientRecentCases,
  clientUnpaid,
  clientUpcoming,
  courtDates,
  diaryOf,
  feesOfMonth,
  newClientCount,
  openCaseCounts,
  pendingAdvocateCount,
  type DashboardAppointmentRow,
  type Range,
} from './dashboard.repository';

export interface DashboardDeps {
  db: Db;
  firmNotifyEmail: string;
  /** MPESA_SHORTCODE, when paying from the portal is set up: the number a client is shown. */
  mpesa?: { kind: 'paybill' | 'till'; number: string } | null;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}

const LIST_SIZE = 5;
const PICKER_SIZE = 50;
const UNPAID_SIZE = 20;
const DIARY_SIZE = 20;
const ASSIGNEES_SHOWN = 10;

/** The Nairobi days [from, to] as instants [from 00:00, the day after `to` 00:00). */
const days = (from: string, to: string): Range => nairobiDays(from, to);

function calendar(now: Date) {
  const today = nairobiToday(now);
  const weekStart = addDays(today, -((dayOfWeek(today) + 6) % 7));
  const monthStart = `${today.slice(0, 7)}-01`;
  // 31 days after the 1st is always in the next month.
  const nextMonth = `${addDays(monthStart, 31).slice(0, 7)}-01`;
  return {
    today,
    weekStart,
    weekEnd: addDays(weekStart, 6),
    monthStart,
    monthEnd: addDays(nextMonth, -1),
  };
}

function toDashboardAppointment(row: DashboardAppointmentRow): DashboardAppointment {
  const { date, time } = nairobiDateTime(row.startsAt);
  return {
    id: row.id,
    title: row.title,
    date,
    time,
    type: row.type,
    status: row.status,
    client: `${row.clientFirstName} ${row.clientLastName}`,
  };
}

function byStatus(rows: { status: string; count: number }[]): OpenCaseCounts {
  const counts: OpenCaseCounts = { pending: 0, in_progress: 0, completed: 0 };
  for (const row of rows) {
    if ((OPEN_CASE_STATUSES as readonly string[]).includes(row.status)) {
      counts[row.status as keyof OpenCaseCounts] += row.count;
    }
  }
  return counts;
}

/**
 * `todayStart`: Nairobi's midnight. Upcoming appointments count from there, not from now, as the
 * list their tile links to (`from` today) does: one earlier today is still in both.
 */
async function clientSection(deps: DashboardDeps, user: UserRow, now: Date, todayStart: Date) {
  const [activeCases, recent, openCases, upcoming, unpaid, settings, messages] = await Promise.all([
    clientCaseCount(deps.db, user.id),
    clientRecentCases(deps.db, user.id, LIST_SIZE),
    clientOpenCases(deps.db, user.id, PICKER_SIZE),
    clientUpcoming(deps.db, user.id, todayStart, LIST_SIZE),
    clientUnpaid(deps.db, user.id, UNPAID_SIZE),
    readFirmSettings(deps),
    clientMessagesOverview(deps.db, user, LIST_SIZE),
  ]);
  return {
    activeCases,
    upcomingAppointments: upcoming.total,
    unreadMessages: messages.unread,
    recentMessages: messages.recent.map((conversation) => ({
      conversationId: conversation.id,
      subject: conversation.subject,
      sender: conversation.lastMessage?.senderName ?? MESSAGE_MESSAGES.firmSender,
      message: conversation.lastMessage?.preview ?? null,
      time: conversation.lastMessageAt,
      unread: conversation.unreadCount > 0,
    })),
    feesPendingKsh: unpaid.sumKsh,
    feesPendingCount: unpaid.total,
    recentCases: recent.map((row) => ({
      id: row.id,
      caseNumber: row.caseNumber,
      title: row.title,
      status: row.status,
      lastUpdate: row.updatedAt.toISOString(),
      nextAction: caseNextAction(row.status, row.courtDate?.toISOString() ?? null, now),
      priority: row.priority,
    })),
    upcoming: upcoming.rows.map(toDashboardAppointment),
    unpaidFees: unpaid.rows.map((row) => ({
      appointmentId: row.id,
      reference: appointmentReference(row.id),
      title: row.title,
      date: nairobiDateTime(row.startsAt).date,
      feeKsh: row.feeKsh,
    })),
    openCases,
    payment: paymentOf(withConfiguredMpesa(settings, deps.mpesa)),
  };
}

async function courtDateSection(deps: DashboardDeps, today: string, clientId?: string) {
  const { total, rows } = await courtDates(
    deps.db,
    days(today, addDays(today, COURT_DATE_WINDOW_DAYS - 1)),
    LIST_SIZE,
    clientId,
  );
  return {
    count: total,
    next: rows.map((row) => ({
      caseId: row.id,
      caseNumber: row.caseNumber,
      title: row.title,
      courtDate: row.courtDate!.toISOString(),
      court: row.court ?? null,
    })),
  };
}

async function openCaseSection(deps: DashboardDeps) {
  const rows = await openCaseCounts(deps.db);
  const perAssignee = new Map<string | null, number>();
  for (const row of rows) {
    perAssignee.set(row.assigneeId, (perAssignee.get(row.assigneeId) ?? 0) + row.count);
  }
  const top = [...perAssignee.entries()].sort((a, b) => b[1] - a[1]).slice(0, ASSIGNEES_SHOWN);
  const names = await userNamesByIds(
    deps.db,
    top.map(([id]) => id),
  );
  return {
    byStatus: byStatus(rows),
    byAssignee: top.map(([assigneeId, count]) => ({
      assigneeId,
      name: assigneeId
        ? (names.get(assigneeId) ?? DASHBOARD_MESSAGES.unknownPerson)
        : DASHBOARD_MESSAGES.unassigned,
      count,
    })),
  };
}

/**
 * Client money's warnings for the advocates (ADR 045, docs/product-rules.md#client-money), on
 * Nairobi's `today`: each client account's months from its opening date past the 15th of the next
 * month and not locked by reconciliation, what is held with no movement for over 12 months, and
 * each account's statement lines imported over 7 days before `now` and still unmatched (ADR 046).
 */
async function clientMoneyWarnings(db: Db, today: string, now: Date) {
  const [accounts, idle, unmatchedLines] = await Promise.all([
    clientAccountLocks(db),
    idleClientMoney(db, monthsBefore(today, CLIENT_MONEY_IDLE_WARNING_MONTHS)),
    staleUnmatchedLines(
      db,
      new Date(now.getTime() - UNMATCHED_LINE_WARNING_DAYS * 24 * 60 * 60 * 1000),
    ),
  ]);
  return {
    unreconciled: accounts.flatMap((account) =>
      overdueReconciliations(account.openingDate, today, account.locked).map((month) => ({
        accountId: account.id,
        accountName: account.name,
        month,
      })),
    ),
    idle,
    unmatchedLines,
  };
}

/**
 * GET /api/dashboard/stats: every section the caller's role and toggles allow, each counted the
 * way the list its tile links to filters (so the number and the list agree).
 * - client: their own cases, appointments and fees, and the firm's M-Pesa details;
 * - admin: appointments today and this week (all staff see appointments); booking requests with
 *   canScheduleAppointments; their assigned cases and the court dates with canOpenFiles; new
 *   enquiries with canAdmitClients or canScheduleAppointments (enquiries:view);
 * - advocate: the firm at a glance.
 */
export async function dashboardStats(deps: DashboardDeps, user: UserRow): Promise<DashboardStats> {
  const now = deps.now?.() ?? new Date();
  const dates = calendar(now);
  const today = days(dates.today, dates.today);
  const base = { role: user.role, ...dates };

  if (isClientAccount(user)) {
    // Their own open cases' court dates (ADR 025; the rule is client-view.ts's).
    const [client, court] = await Promise.all([
      clientSection(deps, user, now, today.from),
      courtDateSection(deps, dates.today, user.id),
    ]);
    return { ...base, client, courtDates: court };
  }

  const mayOpenCases = can(user, 'cases:view');
  const maySchedule = can(user, 'appointments:schedule');
  if (isAdminAccount(user)) {
    const [appointments, bookingRequests, assigned, court, newEnquiries] = await Promise.all([
      can(user, 'appointments:view')
        ? appointmentCounts(deps.db, today, days(dates.weekStart, dates.weekEnd))
        : undefined,
      maySchedule ? bookingRequestCount(deps.db, today.from) : undefined,
      mayOpenCases ? openCaseCounts(deps.db, user.id) : undefined,
      mayOpenCases ? courtDateSection(deps, dates.today) : undefined,
      can(user, 'enquiries:view') ? countNewEnquiries(deps.db) : undefined,
    ]);
    return {
      ...base,
      ...(appointments ? { appointments } : {}),
      ...(bookingRequests !== undefined ? { bookingRequests } : {}),
      ...(newEnquiries !== undefined ? { newEnquiries } : {}),
      ...(assigned ? { assignedCases: byStatus(assigned) } : {}),
      ...(court ? { courtDates: court } : {}),
    };
  }

  const [
    openCases,
    court,
    diary,
    bookingRequests,
    advocatesAwaitingVerification,
    newClients,
    fees,
    newEnquiries,
    clientMoney,
  ] = await Promise.all([
    openCaseSection(deps),
    courtDateSection(deps, dates.today),
    diaryOf(deps.db, user.id, today, DIARY_SIZE),
    bookingRequestCount(deps.db, today.from),
    pendingAdvocateCount(deps.db),
    newClientCount(deps.db, days(dates.monthStart, dates.monthEnd).from),
    feesOfMonth(deps.db, days(dates.monthStart, dates.monthEnd), {
      first: dates.monthStart,
      last: dates.monthEnd,
    }),
    countNewEnquiries(deps.db),
    clientMoneyWarnings(deps.db, dates.today, now),
  ]);
  return {
    ...base,
    clientMoney,
    openCases,
    courtDates: court,
    diary: diary.map(toDashboardAppointment),
    bookingRequests,
    advocatesAwaitingVerification,
    newClientsThisMonth: newClients,
    fees,
    newEnquiries,
  };
}

/**
 * GET /api/dashboard/setup (ADR 027): the first advocate's checklist, each item read from the
 * data, so it is ticked by whoever did it, however it was done, and never by a click.
 * - firm details and office hours: each its own section of the firm settings, saved changed or
 *   reviewed from its link (`savedSections`; saving the payment details ticks neither);
 * - payment details: an M-Pesa number is set;
 * - colleagues: an account of the firm besides the first (an admin or another advocate);
 * - first client: a client account exists (added, or converted from an enquiry).
 */
export async function setupChecklist(
  deps: Pick<DashboardDeps, 'db' | 'firmNotifyEmail' | 'logger'>,
): Promise<SetupChecklist> {
  const [stored, settings, accounts] = await Promise.all([
    findFirmSettings(deps.db),
    readFirmSettings(deps),
    accountCounts(deps.db),
  ]);
  const done: Record<SetupItem, boolean> = {
    firmDetails: stored?.savedSections.includes('firmDetails') ?? false,
    paymentDetails: settings.mpesaNumber !== '',
    officeHours: stored?.savedSections.includes('officeHours') ?? false,
    colleagues: accounts.staff > 1,
    firstClient: accounts.clients > 0,
  };
  const items = SETUP_ITEMS.map((key) => ({ key, done: done[key] }));
  return { items, complete: items.every((item) => item.done) };
}
