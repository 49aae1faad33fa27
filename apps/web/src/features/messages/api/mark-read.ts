import type { ConversationRead } from '@firm/shared';
import { messagesApi } from './messages-api';

/** PUT /api/conversations/:id/read: the caller has read up to now (the other side's receipt). */
export function markConversationRead(id: string): Promise<ConversationRead> {
  return messagesApi.markConversationRead({ params: { id } });
}
