import type { MessagesContract } from '@firm/shared/messages/contract';
import { MESSAGES_ENDPOINTS } from '@firm/shared/messages/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/**
 * The messages' requests the client page makes (a client's conversations), from the messages'
 * contract (packages/shared/src/messages): the messages feature owns the endpoint.
 */
export const messagesApi = endpointClient<MessagesContract>(MESSAGES_ENDPOINTS);
