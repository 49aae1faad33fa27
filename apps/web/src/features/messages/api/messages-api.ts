import type { MessagesContract } from '@firm/shared/messages/contract';
import { MESSAGES_ENDPOINTS } from '@firm/shared/messages/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** Conversations' and messages' requests, from their contract (packages/shared/src/messages). */
export const messagesApi = endpointClient<MessagesContract>(MESSAGES_ENDPOINTS);
