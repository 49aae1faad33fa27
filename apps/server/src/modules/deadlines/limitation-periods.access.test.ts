import { PROFILE_MESSAGES } from '@firm/shared';
import { LIMITATION_PERIOD_SEED } from '@firm/shared/deadlines/limitation-periods';
import { expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';

/** Who may read and change the limitation periods: advocates only (admins and clients 403). */

const advocatesOnly = {
  action: 'settings:view',
  deniedMessage: PROFILE_MESSAGES.settingsAccessDenied,
} as const;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET settings/limitation-periods': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/settings/limitation-periods' }),
    check: (body) =>
      expect((body as { periods: unknown[] }).periods).toHaveLength(LIMITATION_PERIOD_SEED.length),
  },
  'PUT settings/limitation-periods': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({
      method: 'PUT',
      url: '/api/settings/limitation-periods',
      payload: { periods: LIMITATION_PERIOD_SEED },
    }),
  },
};

describeAccessMatrix('/api/settings/limitation-periods access', ENDPOINTS);
