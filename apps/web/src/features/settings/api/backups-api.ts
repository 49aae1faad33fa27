import type { BackupsContract } from '@firm/shared/backups/contract';
import { BACKUPS_ENDPOINTS } from '@firm/shared/backups/endpoints';
import { endpointClient } from '../../../lib/endpoint-client';

/** System Settings → Backups' requests, from their contract (packages/shared/src/backups). */
export const backupsApi = endpointClient<BackupsContract>(BACKUPS_ENDPOINTS);
