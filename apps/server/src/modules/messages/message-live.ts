import { MESSAGE_MESSAGES } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { ConversationRow, UserRow } from '../../db/schema';
import { publishLiveEvent } from '../../lib/live-events';
import { notify } from '../notifications/notifications.service';
import { possibleAudience } from './messages.repository';
import { isClient, nameOf, reaches } from './message-scope';

/**
 * The live stream (ADR 017) hears of a new message, a withdrawal and a read mark from inside the
 * transaction that makes it (a NOTIFY, delivered at the commit), told to the people who reach the
 * conversation; a new message also rings the bell of those it is for (ADR 020).
 */

/** The live event of this module: the stream sends it as `event: message` (ids only). */
export const MESSAGE_LIVE_EVENT = 'message';
export type MessageEventKind = 'created' | 'withdrawn' | 'read';

async function audienceOf(tx: Executor, conversation: Pick<ConversationRow, 'id' | 'clientId'>) {
  const { people, memberIds } = await possibleAudience(tx, conversation.id, conversation.clientId);
  return { people: people.filter((user) => reaches(user, conversation, memberIds)), memberIds };
}

/**
 * Tells everyone who reaches the conversation (inside `tx`: heard once it commits). For a new
 * message, the bell of those it is for: the client for the firm's messages (and the other named
 * staff); for a client's, the named staff, or everyone who reaches it when nobody is named.
 */
export async function announce(
  tx: Executor,
  conversation: Pick<ConversationRow, 'id' | 'clientId'>,
  kind: MessageEventKind,
  messageId: string | null,
  sender?: UserRow,
): Promise<void> {
  const { people, memberIds } = await audienceOf(tx, conversation);
  await publishLiveEvent(
    tx,
    people.map((user) => user.id),
    { type: MESSAGE_LIVE_EVENT, kind, conversationId: conversation.id, messageId },
  );
  if (kind !== 'created' || !sender) return;
  const staff = people.filter((user) => !isClient(user));
  const named = staff.filter((user) => memberIds.has(user.id));
  const recipients = isClient(sender)
    ? named.length > 0
      ? named
      : staff
    : [...people.filter(isClient), ...named];
  const from = isClient(sender)
    ? nameOf(sender)
    : `${nameOf(sender)} (${MESSAGE_MESSAGES.firmSender})`;
  await notify(
    tx,
    recipients,
    {
      kind: 'message_received',
      type: 'info',
      title: MESSAGE_MESSAGES.notificationTitle,
      message: MESSAGE_MESSAGES.notificationText(from),
      actionUrl: `/messages?c=${conversation.id}`,
      subject: { type: 'conversation', id: conversation.id },
      maySee: (user) => reaches(user, conversation, memberIds),
    },
    { exceptUserId: sender.id },
  );
}
