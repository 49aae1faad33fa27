import {
  APPOINTMENT_TYPE_DEFAULTS,
  CASE_UNASSIGNED,
  DASHBOARD_MESSAGES as D,
  OPEN_CASE_STATUSES,
  caseStatusLabel,
  dashboardLinks,
  can,
  formatKsh,
  type DashboardStats,
  type PublicUser,
} from '@firm/shared';
import {
  Banknote,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  Gavel,
  Inbox,
  MessageSquareText,
  UserCheck,
  UserPlus,
} from 'lucide-react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSetupChecklist } from '../api/setup-checklist';
import { ClientMoneyWarnings } from './client-money-warnings';
import { SetupChecklistPanel } from './setup-checklist';
import { EmptyLine, Panel, StatTile, TileGrid } from './tiles';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const statusName = (status: (typeof OPEN_CASE_STATUSES)[number]) =>
  capitalised(caseStatusLabel(status));

/** Court dates in the next 14 days: the count (a link to the list) and the first few. */
/** Court dates of the next 14 days: staff who open files, and a client's own. */
export function CourtDates({
  court,
  today,
}: {
  court: NonNullable<DashboardStats['courtDates']>;
  today: string;
}) {
  return (
    <Panel
      title="Court Dates: Next 14 Days"
      action={
        <Link
          to={dashboardLinks.courtDates(today)}
          className="text-sm font-medium text-brand-700 underline"
        >
          All {court.count} court dates
        </Link>
      }
    >
      {court.next.length === 0 ? (
        <EmptyLine>{D.noCourtDates}</EmptyLine>
      ) : (
        <ul className="divide-y divide-slate-100">
          {court.next.map((item) => (
            <li key={item.caseId} className="py-2 first:pt-0 last:pb-0">
              <Link
                to={`/cases/${item.caseId}`}
                className="font-medium text-brand-900 underline-offset-2 hover:underline"
              >
                {item.title}
              </Link>
              <p className="text-sm text-slate-700">
                {formatDateTime(item.courtDate)}
                {item.court ? ` · ${item.court}` : ''} · {item.caseNumber}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * An admin's dashboard (what their toggles allow) or an advocate's (the firm at a glance). Each
 * section is there only when the server sent it; every figure links to the list it counts.
 */
export function StaffDashboard({ stats, user }: { stats: DashboardStats; user: PublicUser }) {
  const { today } = stats;
  const week = { from: stats.weekStart, to: stats.weekEnd };
  // The setup checklist is the advocates': its items lead to System Settings (ADR 027).
  const setup = useSetupChecklist(can(user, 'settings:view'));
  return (
    <div className="space-y-6">
      {setup.data ? <SetupChecklistPanel checklist={setup.data} /> : null}
      <TileGrid label="At a glance">
        {stats.appointments ? (
          <>
            <li>
              <StatTile
                label="Active appointments today"
                value={stats.appointments.today}
                to={dashboardLinks.appointments({ status: 'live', from: today, to: today })}
                icon={<CalendarClock className="size-5" />}
              />
            </li>
            <li>
              <StatTile
                label="Active appointments this week"
                value={stats.appointments.thisWeek}
                to={dashboardLinks.appointments({ status: 'live', ...week })}
                icon={<CalendarDays className="size-5" />}
              />
            </li>
          </>
        ) : null}
        {stats.bookingRequests !== undefined ? (
          <li>
            <StatTile
              label="Booking requests to confirm"
              value={stats.bookingRequests}
              to={dashboardLinks.appointments({
                status: 'scheduled',
                from: today,
                awaiting: 'firm',
              })}
              icon={<Inbox className="size-5" />}
            />
          </li>
        ) : null}
        {stats.newEnquiries !== undefined ? (
          <li>
            <StatTile
              label="New enquiries"
              value={stats.newEnquiries}
              to={dashboardLinks.newEnquiries()}
              icon={<MessageSquareText className="size-5" />}
            />
          </li>
        ) : null}
        {stats.courtDates ? (
          <li>
            <StatTile
              label="Court dates (14 days)"
              value={stats.courtDates.count}
              to={dashboardLinks.courtDates(today)}
              icon={<Gavel className="size-5" />}
            />
          </li>
        ) : null}
        {stats.advocatesAwaitingVerification !== undefined ? (
          <li>
            <StatTile
              label="Advocates awaiting verification"
              value={stats.advocatesAwaitingVerification}
              hint="Verify them in Admin Management"
              to={dashboardLinks.pendingAdvocates()}
              icon={<UserCheck className="size-5" />}
            />
          </li>
        ) : null}
        {stats.newClientsThisMonth !== undefined ? (
          <li>
            <StatTile
              label="New clients this month"
              value={stats.newClientsThisMonth}
              to={dashboardLinks.newClients(stats.monthStart, stats.monthEnd)}
              icon={<UserPlus className="size-5" />}
            />
          </li>
        ) : null}
        {stats.fees ? (
          <>
            <li>
              <StatTile
                label="Fees pending this month"
                value={formatKsh(stats.fees.pendingKsh)}
                hint={`${stats.fees.pendingCount} appointments`}
                to={dashboardLinks.appointments({
                  payment: 'pending',
                  from: stats.monthStart,
                  to: stats.monthEnd,
                })}
                icon={<Banknote className="size-5" />}
              />
            </li>
            <li>
              <StatTile
                label="Fees paid this month"
                value={formatKsh(stats.fees.paidKsh)}
                hint={`${stats.fees.paidCount} payments`}
                to={dashboardLinks.appointments({
                  payment: 'paid',
                  paidFrom: stats.monthStart,
                  paidTo: stats.monthEnd,
                })}
                icon={<CalendarCheck className="size-5" />}
              />
            </li>
          </>
        ) : null}
      </TileGrid>

      {stats.clientMoney ? <ClientMoneyWarnings warnings={stats.clientMoney} /> : null}

      {stats.assignedCases ? (
        <Panel title="Cases Assigned to You">
          <TileGrid label="Your cases by status">
            {OPEN_CASE_STATUSES.map((status) => (
              <li key={status}>
                <StatTile
                  label={statusName(status)}
                  value={stats.assignedCases![status]}
                  to={dashboardLinks.cases({ status, assignee: user.id })}
                />
              </li>
            ))}
          </TileGrid>
        </Panel>
      ) : null}

      {stats.openCases ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Panel title="Cases Not Yet Closed, by Status">
            <TileGrid label="Cases not yet closed, by status">
              {OPEN_CASE_STATUSES.map((status) => (
                <li key={status}>
                  <StatTile
                    label={statusName(status)}
                    value={stats.openCases!.byStatus[status]}
                    to={dashboardLinks.cases({ status })}
                  />
                </li>
              ))}
            </TileGrid>
          </Panel>
          <Panel title="Cases Not Yet Closed, by Assignee">
            {stats.openCases.byAssignee.length === 0 ? (
              <EmptyLine>{D.noOpenCasesByAssignee}</EmptyLine>
            ) : (
              <ul className="divide-y divide-slate-100">
                {stats.openCases.byAssignee.map((row) => (
                  <li
                    key={row.assigneeId ?? 'none'}
                    className="flex items-center justify-between gap-2 py-2"
                  >
                    <Link
                      to={dashboardLinks.cases({
                        status: 'open',
                        assignee: row.assigneeId ?? CASE_UNASSIGNED,
                      })}
                      className="font-medium text-brand-900 underline-offset-2 hover:underline"
                    >
                      {row.name}
                    </Link>
                    <span className="font-semibold text-slate-900">{row.count}</span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        {stats.diary ? (
          <Panel
            title="Today's Diary"
            action={
              <Link
                to={dashboardLinks.appointments({
                  status: 'live',
                  from: today,
                  to: today,
                  advocate: user.id,
                })}
                className="text-sm font-medium text-brand-700 underline"
              >
                Open in Appointments
              </Link>
            }
          >
            {stats.diary.length === 0 ? (
              <EmptyLine>{D.noDiary}</EmptyLine>
            ) : (
              <ul className="divide-y divide-slate-100">
                {stats.diary.map((item) => (
                  <li key={item.id} className="py-2 first:pt-0 last:pb-0">
                    <p className="font-medium text-slate-900">
                      {item.time} · {item.title}
                    </p>
                    <p className="text-sm text-slate-700">
                      {item.client} · {APPOINTMENT_TYPE_DEFAULTS[item.type].label}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        ) : null}
        {stats.courtDates ? <CourtDates court={stats.courtDates} today={today} /> : null}
      </div>
      <p className="text-xs text-slate-600">Figures as of {formatDate(today)} (Nairobi time).</p>
    </div>
  );
}
