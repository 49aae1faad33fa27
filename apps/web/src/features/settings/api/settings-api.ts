import type { SettingsContract } from '@firm/shared/settings/contract';
import { SETTINGS_ENDPOINTS } from '@firm/shared/settings/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** System Settings' requests, from their contract (packages/shared/src/settings). */
export const settingsApi = endpointClient<SettingsContract>(SETTINGS_ENDPOINTS);
