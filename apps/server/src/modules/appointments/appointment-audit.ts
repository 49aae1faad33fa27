import type { AppointmentRow } from '../../db/schema';

/**
 * What an appointment's audit row carries so that its sentence names the meeting on its own,
 * years later and whoever it was for (a visitor has no account to name): the type, the time and
 * the client's name (docs/product-rules.md#audit-log).
 */
export const appointmentAuditDetails = (
  row: Pick<AppointmentRow, 'id' | 'type' | 'startsAt' | 'clientFirstName' | 'clientLastName'>,
) => ({
  appointmentId: row.id,
  type: row.type,
  startsAt: row.startsAt.toISOString(),
  clientName: `${row.clientFirstName} ${row.clientLastName}`.trim(),
});
