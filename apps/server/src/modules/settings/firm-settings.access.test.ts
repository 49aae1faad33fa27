import { PROFILE_MESSAGES, defaultFirmSettings } from '@firm/shared';
import { expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';

/** Who may read and save the firm settings: advocates only (admins and clients 403). */

const advocatesOnly = {
  action: 'settings:view',
  deniedMessage: PROFILE_MESSAGES.settingsAccessDenied,
} as const;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET settings/firm': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/settings/firm' }),
    check: (body) =>
      expect((body as { settings: { notificationEmail: string } }).settings.notificationEmail).toBe(
        'firm@example.test',
      ),
  },
  'PUT settings/firm': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({
      method: 'PUT',
      url: '/api/settings/firm',
      payload: defaultFirmSettings('firm@example.test'),
    }),
  },
};

describeAccessMatrix('/api/settings/firm access', ENDPOINTS);
