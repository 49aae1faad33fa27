import { PROFILE_MESSAGES } from '@firm/shared';
import { expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';

/** Who may see and start backups and move their hour: advocates only (admins and clients 403). */

const advocatesOnly = {
  action: 'settings:view',
  deniedMessage: PROFILE_MESSAGES.settingsAccessDenied,
} as const;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET settings/backups': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/settings/backups' }),
    check: (body) => expect(body).toMatchObject({ passphraseSet: true, schedule: { hour: 2 } }),
  },
  'POST settings/backups': {
    ...advocatesOnly,
    allowed: 202,
    request: () => ({ method: 'POST', url: '/api/settings/backups' }),
    check: (body) => expect(body).toMatchObject({ run: { trigger: 'settings' } }),
  },
  'PUT settings/backups/schedule': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({
      method: 'PUT',
      url: '/api/settings/backups/schedule',
      payload: { hour: 3 },
    }),
    check: (body) => expect(body).toMatchObject({ schedule: { hour: 3 } }),
  },
};

describeAccessMatrix('/api/settings/backups access', ENDPOINTS, {
  env: { BACKUP_PASSPHRASE: 'matrix passphrase 123' },
});
