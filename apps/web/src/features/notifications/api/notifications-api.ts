import type { NotificationsContract } from '@firm/shared/notifications/contract';
import { NOTIFICATIONS_ENDPOINTS } from '@firm/shared/notifications/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** The bell's requests, from the notifications' contract (packages/shared/src/notifications). */
export const notificationsApi = endpointClient<NotificationsContract>(NOTIFICATIONS_ENDPOINTS);
