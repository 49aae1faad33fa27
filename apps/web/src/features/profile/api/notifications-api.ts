import type { NotificationsContract } from '@firm/shared/notifications/contract';
import { NOTIFICATIONS_ENDPOINTS } from '@firm/shared/notifications/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/**
 * The email and text preferences' requests, from the notifications' contract
 * (packages/shared/src/notifications), whose routes they are.
 */
export const notificationsApi = endpointClient<NotificationsContract>(NOTIFICATIONS_ENDPOINTS);
