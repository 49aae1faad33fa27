import {
  APPOINTMENT_MESSAGES as M,
  can,
  isClientAccount,
  isStaffAccount,
  paginationOf,
  type Appointment,
  type AppointmentList,
  type ListAppointmentsFilters,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { searchActiveClients } from '../users/user-lookups.repository';
import type { AppointmentDeps } from './appointment-deps';
import { appointmentAsSeenBy, toAppointment } from './appointment-serializer';
import {
  appointmentsOfPerson,
  findAppointment,
  listAppointments as listAppointmentRows,
  type AppointmentScope,
} from './appointments.repository';

/** Reading the diary: the list, one appointment, the staff booking's client picker, the export. */

/** A client sees their own appointments only; staff see all. */
function scopeOf(user: UserRow): AppointmentScope {
  return isClientAccount(user) ? { clientId: user.id } : {};
}

/** The appointment `id` if `user` may see it, else 404 (another client's is not told apart). */
export async function findInScope(deps: Pick<AppointmentDeps, 'db'>, user: UserRow, id: string) {
  const row = await findAppointment(deps.db, id, scopeOf(user));
  if (!row) throw AppError.notFound(M.notFound, 'APPOINTMENT_NOT_FOUND');
  return row;
}

export async function listAppointments(
  deps: AppointmentDeps,
  user: UserRow,
  filters: ListAppointmentsFilters,
): Promise<AppointmentList> {
  const { rows, total, feesKsh } = await listAppointmentRows(
    deps.db,
    { ...scopeOf(user), searchesEmail: can(user, 'appointments:contact') },
    filters,
  );
  return {
    success: true,
    count: rows.length,
    total,
    pagination: paginationOf(filters, total),
    sums: { feesKsh },
    appointments: rows.map((row) => appointmentAsSeenBy(user, toAppointment(row))),
  };
}

export async function getAppointment(deps: AppointmentDeps, user: UserRow, id: string) {
  return appointmentAsSeenBy(user, toAppointment(await findInScope(deps, user, id)));
}

/** The staff booking's client picker; a client schedules only their own, so gets none. */
export async function bookableClients(deps: AppointmentDeps, user: UserRow, search?: string) {
  return isClientAccount(user) ? [] : searchActiveClients(deps.db, search);
}

/**
 * "Download my data": a client's appointments, as their list shows them. Staff get none: the
 * appointments in an advocate's diary are the clients' personal data, not the advocate's.
 */
export async function ownAppointmentsForExport(
  db: Executor,
  user: UserRow,
): Promise<Appointment[]> {
  if (isStaffAccount(user)) return [];
  return (await appointmentsOfPerson(db, user.id, user.email)).map((row) => toAppointment(row));
}
