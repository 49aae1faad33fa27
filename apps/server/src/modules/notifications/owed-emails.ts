import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  notifications,
  users,
  type DeliveryAttachment,
  type NotificationRow,
} from '../../db/schema';
import { publishLiveEvent, THIS_PROCESS } from '../../lib/live-events';
import { queueNotificationEmails } from './notification-emails';
import { NOTIFICATION_EVENTS } from './notifications.service';

/**
 * Writes, in `tx`, the emails owed by the notifications `notify` wrote with `emailLater` (a fee
 * note's email waits for KRA's answer, ADR 049): each owed row's email to its person, with
 * `attachments`, its title and message as `reword` makes them (the same words when it returns
 * nothing). A person who had switched the email off when the bell's entry was written is owed
 * none. The caller claims the moment once (this writes whenever it is called); the emails go to
 * the outbox once `tx` commits, as notify's do (ADR 028). Returns how many were written.
 */
export async function emailOwedNotifications(
  tx: Executor,
  subject: { kind: NotificationRow['kind']; subjectId: string },
  options: {
    attachments?: DeliveryAttachment[];
    reword?: (row: NotificationRow) => { title: string; message: string } | undefined;
  } = {},
): Promise<number> {
  const rows = await tx
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, subject.kind),
        eq(notifications.subjectId, subject.subjectId),
        eq(notifications.emailPending, true),
      ),
    );
  if (rows.length === 0) return 0;
  const people = new Map<string, typeof users.$inferSelect>();
  for (const row of rows) {
    const [person] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (person?.isActive) people.set(person.id, person);
  }
  const worded = rows.map((row) => ({ ...row, ...(options.reword?.(row) ?? {}) }));
  const ids = await queueNotificationEmails(tx, worded, people, options.attachments);
  if (ids.length > 0) {
    await publishLiveEvent(tx, [...people.keys()], {
      type: NOTIFICATION_EVENTS.created,
      deliveries: ids.join(','),
      origin: THIS_PROCESS,
    });
  }
  return ids.length;
}
