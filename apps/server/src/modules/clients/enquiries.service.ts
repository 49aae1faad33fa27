import {
  ENQUIRY_MESSAGES,
  ENQUIRY_STATUS_MOVES,
  paginationOf,
  suggestNameSplit,
  type CreateClientValues,
  type Enquiry,
  type EnquiryKind,
  type EnquiryList,
  type ListEnquiriesFilters,
  type PublicUser,
  type UpdateEnquiryValues,
} from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { AppError, isAppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import { writeAudit } from '../audit/audit-log.repository';
import { createClient } from '../users/account-creation.service';
import type { UserManagementDeps } from '../users/user-management-deps';
import {
  countNewEnquiries,
  findEnquiry,
  giveBookingToClient,
  listEnquiries as listEnquiryRows,
  lockEnquiryState,
  updateEnquiryState,
  type EnquiryRow,
} from './enquiries.repository';
import type { RequestMeta } from '../../lib/route-kit';

export { countNewEnquiries } from './enquiries.repository';

/**
 * The Enquiries inbox's rules (ADR 018). Advocates, and admins who admit clients or
 * schedule appointments, read and triage it; converting an enquiry into a client account needs
 * canAdmitClients. Each change and its audit row are written in one transaction.
 */

/** Converting creates a client account, whose welcome email user management sends. */
export type EnquiriesDeps = UserManagementDeps;

const notFound = () => AppError.notFound(ENQUIRY_MESSAGES.notFound, 'ENQUIRY_NOT_FOUND');
const alreadyConverted = () =>
  AppError.conflict(ENQUIRY_MESSAGES.alreadyConverted, 'ENQUIRY_ALREADY_CONVERTED');

export function toEnquiry(row: EnquiryRow): Enquiry {
  const names =
    row.firstName !== null && row.lastName !== null
      ? { firstName: row.firstName, lastName: row.lastName }
      : // One name field: the dialog's suggested split, which the person converting may correct.
        suggestNameSplit(row.name);
  return {
    kind: row.kind,
    id: row.id,
    name: row.name,
    ...names,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    reference: row.reference,
    urgency: row.urgency,
    receivedAt: row.receivedAt.toISOString(),
    status: row.status,
    note: row.note,
    changedBy:
      row.changedById && row.changedByName
        ? { id: row.changedById, name: row.changedByName }
        : null,
    changedAt: row.changedAt?.toISOString() ?? null,
    client: row.clientId && row.clientName ? { id: row.clientId, name: row.clientName } : null,
    version: row.version,
    booking:
      row.kind === 'booking' && row.startsAt && row.appointmentType && row.appointmentStatus
        ? {
            startsAt: row.startsAt.toISOString(),
            type: row.appointmentType,
            status: row.appointmentStatus,
            cancelledAt: row.cancelledAt?.toISOString() ?? null,
            cancelledBy: row.cancelledBy,
          }
        : null,
  };
}

export async function listEnquiries(
  deps: EnquiriesDeps,
  actor: UserRow,
  filters: ListEnquiriesFilters,
): Promise<EnquiryList> {
  assertCan(actor, 'enquiries:view');
  const { rows, total } = await listEnquiryRows(deps.db, filters);
  return {
    success: true,
    count: rows.length,
    total,
    pagination: paginationOf(filters, total),
    enquiries: rows.map(toEnquiry),
  };
}

export async function newEnquiryCount(deps: EnquiriesDeps, actor: UserRow): Promise<number> {
  assertCan(actor, 'enquiries:view');
  return countNewEnquiries(deps.db);
}

/**
 * A new status and/or note, if the caller read the latest version (409 otherwise: someone else
 * triaged it meanwhile). Statuses move forward (new → in progress → closed) or reopen.
 */
export async function updateEnquiry(
  deps: EnquiriesDeps,
  actor: UserRow,
  kind: EnquiryKind,
  id: string,
  input: UpdateEnquiryValues,
  meta: RequestMeta,
): Promise<Enquiry> {
  assertCan(actor, 'enquiries:view');
  await deps.db.transaction(async (tx) => {
    const current = await findEnquiry(tx, kind, id);
    if (!current) throw notFound();
    const state = await lockEnquiryState(tx, kind, id);
    if (state.version !== input.version) {
      throw AppError.conflict(ENQUIRY_MESSAGES.versionConflict, 'VERSION_CONFLICT');
    }
    const status =
      input.status !== undefined && input.status !== state.status ? input.status : undefined;
    if (status) {
      const allowed = ENQUIRY_STATUS_MOVES[state.status];
      if (!allowed.includes(status)) {
        const message = ENQUIRY_MESSAGES.statusMoveNotAllowed(state.status, allowed);
        throw AppError.badRequest(message, { status: message }, 'STATUS_MOVE_NOT_ALLOWED');
      }
    }
    const note = input.note === undefined ? undefined : input.note === '' ? null : input.note;
    const noteChanged = note !== undefined && note !== state.note;
    if (!status && !noteChanged) return;
    await updateEnquiryState(tx, state.id, {
      ...(status ? { status } : {}),
      ...(noteChanged ? { note } : {}),
      changedById: actor.id,
      changedAt: new Date(),
    });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'enquiry.updated',
      targetUserId: state.clientId,
      ip: meta.ip,
      details: {
        kind,
        enquiryId: id,
        // The sentence names the enquiry: who wrote or booked, and about what.
        name: current.name,
        subject: current.subject,
        ...(status ? { from: state.status, to: status } : {}),
        ...(noteChanged ? { noteChanged: true } : {}),
      },
    });
  });
  return toEnquiry((await findEnquiry(deps.db, kind, id))!);
}

/**
 * Creates the client account from the enquiry (user management's create-client: its rules, its
 * conflict-of-interest check, a temporary password shown once) and links the enquiry to it, in
 * the account's own transaction: a duplicate email, an enquiry converted meanwhile or any failure
 * leaves nothing written. A booking request becomes the new client's appointment.
 */
export async function convertEnquiry(
  deps: EnquiriesDeps,
  actor: UserRow,
  kind: EnquiryKind,
  id: string,
  input: CreateClientValues,
  meta: RequestMeta,
): Promise<{ user: PublicUser; temporaryPassword: string; enquiry: Enquiry }> {
  assertCan(actor, 'enquiries:convert');
  const found = await findEnquiry(deps.db, kind, id);
  if (!found) throw notFound();
  if (found.clientId) throw alreadyConverted();
  try {
    const created = await createClient(deps, actor, input, meta, async (tx, client) => {
      const state = await lockEnquiryState(tx, kind, id);
      if (state.clientId) throw alreadyConverted();
      await updateEnquiryState(tx, state.id, {
        clientId: client.id,
        // Converting is picking it up: a new enquiry moves on, a closed one stays closed.
        ...(state.status === 'new' ? { status: 'in_progress' as const } : {}),
        changedById: actor.id,
        changedAt: new Date(),
      });
      if (kind === 'booking') await giveBookingToClient(tx, id, client.id);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'enquiry.converted',
        targetUserId: client.id,
        ip: meta.ip,
        details: { kind, enquiryId: id, email: client.email },
      });
    });
    return { ...created, enquiry: toEnquiry((await findEnquiry(deps.db, kind, id))!) };
  } catch (error) {
    if (isAppError(error) && error.code === 'EMAIL_TAKEN') {
      throw AppError.conflict(ENQUIRY_MESSAGES.convertEmailTaken, 'EMAIL_TAKEN');
    }
    throw error;
  }
}
