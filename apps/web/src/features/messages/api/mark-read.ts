import type { ConversationRead } from '@firm/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/conversations/:id/read: the caller has read up to now (the other side's receipt). */
export function markConversationRead(id: string): Promise<ConversationRead> {
  return api.put<ConversationRead>(`/conversations/${encodeURIComponent(id)}/read`);
}
