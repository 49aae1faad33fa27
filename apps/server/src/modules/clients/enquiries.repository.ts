import type {
  AppointmentStatus,
  AppointmentType,
  CancelledBy,
  ContactUrgency,
  EnquiryKind,
  EnquiryStatus,
  ListEnquiriesFilters,
} from '@firm/shared';
import { nairobiDays } from '@firm/shared';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  appointments,
  contactMessages,
  enquiryStates,
  users,
  type EnquiryStateRow,
} from '../../db/schema';

/**
 * The Enquiries inbox (ADR 018): contact messages and visitors' booking requests (the
 * appointments booked without an account, which carry an emailed link's token) as one list, with
 * the firm's handling of each from `enquiry_states` (none yet: new, version 0).
 */

export interface EnquiryRow {
  kind: EnquiryKind;
  id: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  reference: string | null;
  urgency: ContactUrgency;
  receivedAt: Date;
  startsAt: Date | null;
  appointmentType: AppointmentType | null;
  appointmentStatus: AppointmentStatus | null;
  cancelledAt: Date | null;
  cancelledBy: CancelledBy | null;
  status: EnquiryStatus;
  note: string | null;
  changedById: string | null;
  changedByName: string | null;
  changedAt: Date | null;
  clientId: string | null;
  clientName: string | null;
  version: number;
}

/**
 * Both kinds, one shape. A booking has no urgency field: it counts as normal. `handled_at`: when
 * the firm first acted on it (its handling row was made; the reports' first response).
 */
export const ENQUIRY_INBOX = sql`(
  select 'message' as kind, m.id, m.name, null::text as first_name, null::text as last_name,
    m.email, m.phone, m.subject, m.message, m.reference, m.urgency, m.created_at as received_at,
    null::timestamptz as starts_at, null::text as appointment_type, null::text as appointment_status,
    coalesce(s.status, 'new') as status, s.note, s.changed_by_id, s.changed_at, s.client_id,
    coalesce(s.version, 0) as version,
    null::timestamptz as cancelled_at, null::text as cancelled_by, s.created_at as handled_at
  from ${contactMessages} m
  left join ${enquiryStates} s on s.contact_message_id = m.id
  union all
  select 'booking', a.id, a.client_first_name || ' ' || a.client_last_name, a.client_first_name,
    a.client_last_name, a.client_email, a.client_phone, a.title, a.description, null::text, 'normal',
    a.created_at, a.starts_at, a.type, a.status,
    coalesce(s.status, 'new'), s.note, s.changed_by_id, s.changed_at, s.client_id,
    coalesce(s.version, 0), a.cancelled_at, a.cancelled_by, s.created_at
  from ${appointments} a
  left join ${enquiryStates} s on s.appointment_id = a.id
  -- A visitor's booking reaches the inbox once its visitor confirmed it from the email (ADR 022):
  -- a held one (or one whose hold ran out) keeps its hold_expires_at.
  where a.visitor_token_hash is not null and a.hold_expires_at is null
) e`;

const SELECT = sql`select e.*,
    case when changer.id is null then null else changer.first_name || ' ' || changer.last_name end as changed_by_name,
    case when client.id is null then null else client.first_name || ' ' || client.last_name end as client_name
  from ${ENQUIRY_INBOX}
  left join ${users} changer on changer.id = e.changed_by_id
  left join ${users} client on client.id = e.client_id`;

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Raw[] }).rows;
const date = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string);

function toRow(raw: Raw): EnquiryRow {
  return {
    kind: raw.kind as EnquiryKind,
    id: raw.id as string,
    name: raw.name as string,
    firstName: (raw.first_name as string | null) ?? null,
    lastName: (raw.last_name as string | null) ?? null,
    email: raw.email as string,
    phone: (raw.phone as string | null) ?? null,
    subject: raw.subject as string,
    message: raw.message as string,
    reference: (raw.reference as string | null) ?? null,
    urgency: raw.urgency as ContactUrgency,
    receivedAt: date(raw.received_at)!,
    startsAt: date(raw.starts_at),
    appointmentType: (raw.appointment_type as AppointmentType | null) ?? null,
    appointmentStatus: (raw.appointment_status as AppointmentStatus | null) ?? null,
    cancelledAt: date(raw.cancelled_at),
    cancelledBy: (raw.cancelled_by as CancelledBy | null) ?? null,
    status: raw.status as EnquiryStatus,
    note: (raw.note as string | null) ?? null,
    changedById: (raw.changed_by_id as string | null) ?? null,
    changedByName: (raw.changed_by_name as string | null) ?? null,
    changedAt: date(raw.changed_at),
    clientId: (raw.client_id as string | null) ?? null,
    clientName: (raw.client_name as string | null) ?? null,
    version: Number(raw.version),
  };
}

type EnquiryFilters = Pick<
  ListEnquiriesFilters,
  'status' | 'kind' | 'urgency' | 'from' | 'to' | 'converted'
>;

/**
 * The inbox's WHERE clause over `e` (ENQUIRY_INBOX): the Reports count with it, so a figure and
 * the list it links to are the same enquiries by construction.
 */
export function enquiryListConditions(filters: EnquiryFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.status) conditions.push(sql`e.status = ${filters.status}`);
  if (filters.kind) conditions.push(sql`e.kind = ${filters.kind}`);
  if (filters.urgency) conditions.push(sql`e.urgency = ${filters.urgency}`);
  const received = nairobiDays(filters.from, filters.to);
  if (received.from)
    conditions.push(sql`e.received_at >= ${received.from.toISOString()}::timestamptz`);
  if (received.to) conditions.push(sql`e.received_at < ${received.to.toISOString()}::timestamptz`);
  if (filters.converted === 'yes') conditions.push(sql`e.client_id is not null`);
  return sql.join(conditions, sql` and `);
}

/** One page of the inbox, newest first, and how many match. */
export async function listEnquiries(
  db: Executor,
  filters: ListEnquiriesFilters,
): Promise<{ rows: EnquiryRow[]; total: number }> {
  const where = enquiryListConditions(filters);
  const page = await db.execute(
    sql`${SELECT} where ${where} order by e.received_at desc, e.id desc limit ${filters.limit} offset ${(filters.page - 1) * filters.limit}`,
  );
  const counted = await db.execute(
    sql`select count(*) as total from ${ENQUIRY_INBOX} where ${where}`,
  );
  return { rows: rowsOf(page).map(toRow), total: Number(rowsOf(counted)[0]?.total ?? 0) };
}

export async function findEnquiry(
  db: Executor,
  kind: EnquiryKind,
  id: string,
): Promise<EnquiryRow | undefined> {
  const result = await db.execute(sql`${SELECT} where e.kind = ${kind} and e.id = ${id} limit 1`);
  const raw = rowsOf(result)[0];
  return raw ? toRow(raw) : undefined;
}

/**
 * How many enquiries nobody has picked up yet (the nav badge; a dashboard may show it too).
 * Each count is an anti-join on an indexed column.
 */
export async function countNewEnquiries(db: Executor): Promise<number> {
  const result = await db.execute(sql`select
    (select count(*) from ${contactMessages} m where not exists (
      select 1 from ${enquiryStates} s where s.contact_message_id = m.id and s.status <> 'new'))
    + (select count(*) from ${appointments} a where a.visitor_token_hash is not null and a.hold_expires_at is null and a.status <> 'cancelled' and not exists (
      select 1 from ${enquiryStates} s where s.appointment_id = a.id and s.status <> 'new'))
    as total`);
  return Number(rowsOf(result)[0]?.total ?? 0);
}

const sourceColumn = (kind: EnquiryKind) =>
  kind === 'message' ? enquiryStates.contactMessageId : enquiryStates.appointmentId;

/**
 * The enquiry's state row, created (version 0 → a fresh row at 1 is "not yet changed") if
 * missing, and locked for the rest of the transaction: changes to one enquiry take turns.
 */
export async function lockEnquiryState(
  tx: Executor,
  kind: EnquiryKind,
  id: string,
): Promise<EnquiryStateRow> {
  await tx
    .insert(enquiryStates)
    .values(kind === 'message' ? { contactMessageId: id } : { appointmentId: id })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(enquiryStates)
    .where(eq(sourceColumn(kind), id))
    .limit(1)
    .for('update');
  return row!;
}

export async function updateEnquiryState(
  tx: Executor,
  stateId: string,
  patch: Partial<
    Pick<EnquiryStateRow, 'status' | 'note' | 'changedById' | 'changedAt' | 'clientId'>
  >,
): Promise<void> {
  await tx
    .update(enquiryStates)
    .set({ ...patch, version: sql`${enquiryStates.version} + 1` })
    .where(eq(enquiryStates.id, stateId));
}

/** A visitor's booking becomes the new client's appointment (it was theirs all along). */
export async function giveBookingToClient(
  tx: Executor,
  appointmentId: string,
  clientId: string,
): Promise<void> {
  await tx
    .update(appointments)
    .set({ clientId })
    .where(and(eq(appointments.id, appointmentId), isNull(appointments.clientId)));
}
