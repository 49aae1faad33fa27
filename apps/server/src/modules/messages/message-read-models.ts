import type { ConversationSummary } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import {
  conversationIdsOfClient,
  findConversationInScope,
  listConversations as listConversationRows,
  readState,
  unreadMessagesInScope,
} from './messages.repository';
import { pageOfMessages } from './conversation-messages.repository';
import { attachmentsOf } from './message-attachments.repository';
import { isClient, scopeFor } from './message-scope';
import { toChatMessage, toSummaries } from './message-serializer';

/**
 * Messaging as other screens read it: the client dashboard's message panel and "Download my
 * data". The rules of who reaches what are the messaging module's own (`scopeFor`).
 */

/**
 * A client's dashboard: how many messages from the firm they have not read, and their latest
 * conversations with the last message of each (the dashboard's variant of a message,
 * docs/product-rules.md#records).
 */
export async function clientMessagesOverview(
  db: Executor,
  client: UserRow,
  limit: number,
): Promise<{ unread: number; recent: ConversationSummary[] }> {
  const scope = scopeFor(client);
  const [unread, page] = await Promise.all([
    unreadMessagesInScope(db, scope, client.id),
    listConversationRows(db, scope, client.id, {
      page: 1,
      limit,
      unread: undefined,
      waiting: undefined,
    }),
  ]);
  return { unread, recent: await toSummaries(db, page.rows) };
}

// ---------------------------------------------------------------------------------------------
// Data export

/** Every message of a conversation, oldest first: the export has no page limit. */
const WHOLE_CONVERSATION = 1_000_000;

/**
 * A client's conversations and every message in them, as the client sees them (a withdrawn one
 * without its body or files), for "Download my data". Staff have none: what they wrote is part of
 * the clients' records, as with cases and appointments.
 */
export async function ownConversationsForExport(db: Executor, user: UserRow) {
  if (!isClient(user)) return [];
  const ids = await conversationIdsOfClient(db, user.id);
  const result = [];
  for (const id of ids) {
    const row = await findConversationInScope(db, { clientId: user.id }, user.id, id);
    if (!row) continue;
    const [summary] = await toSummaries(db, [row]);
    const newestFirst = (await pageOfMessages(db, id, undefined, WHOLE_CONVERSATION)) ?? [];
    const [attachments, reads] = await Promise.all([
      attachmentsOf(
        db,
        newestFirst.map((message) => message.id),
      ),
      readState(db, row),
    ]);
    result.push({
      id: summary!.id,
      subject: summary!.subject,
      caseLabel: summary!.caseLabel,
      createdAt: summary!.createdAt,
      messages: newestFirst.reverse().map((message) => {
        const seen = toChatMessage(message, attachments, user, reads);
        return {
          sentAt: seen.createdAt,
          from: seen.senderName,
          byYou: seen.mine,
          body: seen.body,
          withdrawn: seen.withdrawn,
          withdrawnAt: seen.withdrawnAt,
          attachments: seen.attachments.map((file) => ({
            name: file.name,
            type: file.type,
            size: file.size,
          })),
        };
      }),
    });
  }
  return result;
}
