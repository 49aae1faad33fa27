import type { Executor } from '../../db/client';
import { appointmentEvents } from '../../db/schema';

export type NewAppointmentEvent = typeof appointmentEvents.$inferInsert;

/** An appointment's history: what happened to it, when and by whom (one row an event). */
export async function insertAppointmentEvents(
  db: Executor,
  events: NewAppointmentEvent[],
): Promise<void> {
  if (events.length > 0) await db.insert(appointmentEvents).values(events);
}

export function insertAppointmentEvent(db: Executor, event: NewAppointmentEvent): Promise<void> {
  return insertAppointmentEvents(db, [event]);
}
