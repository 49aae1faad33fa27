import {
  CLIENT_MESSAGES,
  can,
  paginationOf,
  type ClientDetail,
  type ClientList,
  type ClientSummary,
  type ListClientsFilters,
  type UpdateClientValues,
  clientPaymentReference,
} from '@firm/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { Outbox } from '../deliveries/outbox';
import { writeAudit } from '../audit/audit-log.repository';
import { findPendingEmailChange } from '../profile/profile.repository';
import {
  checkNewEmail,
  queueEmailChangeMails,
  storeEmailChange,
} from '../profile/email-change.service';
import { updateUser } from '../users/users.repository';
import {
  appointmentsOfClient,
  casesOfClient,
  findClient,
  listClients as listClientRows,
  lockClient,
  type ClientListRow,
} from './clients.repository';
import type { RequestMeta } from '../../lib/route-kit';

/**
 * The Clients screen's rules (ADR 018). Staff who admit clients, open case files or
 * manage cases see client accounts; advocates and admins who admit clients change their contact
 * details. Clients are refused (403) before any lookup; an id that is not a client's answers 404.
 * Every read of one client's record is audited (Kenya DPA, docs/roles-and-permissions.md).
 */

export interface ClientsDeps {
  db: Db;
  outbox: Pick<Outbox, 'dispatch'>;
  publicUrl: string;
}

const notFound = () => AppError.notFound(CLIENT_MESSAGES.notFound, 'CLIENT_NOT_FOUND');

function toSummary(row: ClientListRow): ClientSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLogin?.toISOString() ?? null,
    openCases: row.openCases,
    nextAppointment: row.nextAppointment
      ? { ...row.nextAppointment, startsAt: row.nextAppointment.startsAt.toISOString() }
      : null,
  };
}

export async function listClients(
  deps: ClientsDeps,
  actor: UserRow,
  filters: ListClientsFilters,
): Promise<ClientList> {
  assertCan(actor, 'clients:view');
  const { rows, total } = await listClientRows(deps.db, filters);
  return {
    success: true,
    count: rows.length,
    total,
    pagination: paginationOf(filters, total),
    clients: rows.map(toSummary),
  };
}

/** The client page's data as `actor` may see it (cases need case-file access). */
async function detailOf(deps: ClientsDeps, actor: UserRow, id: string): Promise<ClientDetail> {
  const row = await findClient(deps.db, id);
  if (!row) throw notFound();
  const mayListCases = can(actor, 'cases:view') || can(actor, 'cases:manage');
  const [caseRows, appointmentRows, pending] = await Promise.all([
    mayListCases ? casesOfClient(deps.db, id) : Promise.resolve(null),
    appointmentsOfClient(deps.db, id),
    findPendingEmailChange(deps.db, id, new Date()),
  ]);
  return {
    client: {
      ...toSummary(row),
      mustChangePassword: row.mustChangePassword,
      pendingEmail: pending?.newEmail ?? null,
      paymentReference:
        row.paymentReference === null ? null : clientPaymentReference(row.paymentReference),
    },
    cases: caseRows?.map((each) => ({ ...each, updatedAt: each.updatedAt.toISOString() })) ?? null,
    appointments: appointmentRows.map((each) => ({
      ...each,
      startsAt: each.startsAt.toISOString(),
    })),
  };
}

/** GET /clients/:id. The read is audited once the record is found. */
export async function getClient(
  deps: ClientsDeps,
  actor: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<ClientDetail> {
  assertCan(actor, 'clients:view');
  const detail = await detailOf(deps, actor, id);
  await writeAudit(deps.db, {
    actorId: actor.id,
    action: 'client.viewed',
    targetUserId: id,
    ip: meta.ip,
    details: { email: detail.client.email },
  });
  return detail;
}

/**
 * PATCH /clients/:id: the name and phone change at once; a new email waits for the client to
 * open the link sent to it (Profile Settings' flow). Checks come first, then one transaction
 * writes the change, the link's token and their audit rows; the emails go after it commits.
 */
export async function updateClient(
  deps: ClientsDeps,
  actor: UserRow,
  id: string,
  input: UpdateClientValues,
  meta: RequestMeta,
): Promise<{ detail: ClientDetail; emailChangeSent: boolean }> {
  assertCan(actor, 'clients:edit');
  const current = await findClient(deps.db, id);
  if (!current) throw notFound();
  const email =
    input.email !== undefined && input.email.toLowerCase() !== current.email
      ? await checkNewEmail(deps.db, current, input.email, CLIENT_MESSAGES.emailSameAddress)
      : null;

  const { deliveryIds } = await deps.db.transaction(async (tx) => {
    const locked = await lockClient(tx, id);
    if (!locked) throw notFound();
    const patch: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'phone'>> = {};
    if (input.firstName !== undefined) patch.firstName = input.firstName;
    if (input.lastName !== undefined) patch.lastName = input.lastName;
    if (input.phone !== undefined) patch.phone = input.phone;
    const changed = (Object.keys(patch) as (keyof typeof patch)[]).filter(
      (key) => locked[key] !== patch[key],
    );
    let row = locked;
    if (changed.length > 0) {
      row = (await updateUser(tx, id, patch))!;
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'client.updated',
        targetUserId: id,
        ip: meta.ip,
        details: {
          fields: changed,
          ...Object.fromEntries(changed.map((key) => [key, { from: locked[key], to: patch[key] }])),
        },
      });
    }
    if (!email) return { deliveryIds: [] };
    const token = await storeEmailChange(tx, { actor, target: row, email, meta });
    return {
      deliveryIds: await queueEmailChangeMails(tx, deps, {
        target: row,
        email,
        token,
        meta,
        byStaff: true,
      }),
    };
  });
  await deps.outbox.dispatch(deliveryIds);
  return { detail: await detailOf(deps, actor, id), emailChangeSent: email !== null };
}
