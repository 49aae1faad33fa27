import type { PublicConfigContract } from '@firm/shared/public-config/contract';
import { PUBLIC_CONFIG_ENDPOINTS } from '@firm/shared/public-config/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/**
 * The website's run-time settings (packages/shared/src/public-config), for the office map's key.
 * Loaded with the map, not with the page (office-map.tsx imports it on demand).
 */
export const publicConfigApi = endpointClient<PublicConfigContract>(PUBLIC_CONFIG_ENDPOINTS);
