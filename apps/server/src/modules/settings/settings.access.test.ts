import { PROFILE_MESSAGES } from '@firm/shared';
import { expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { seedUser } from '../../../test/accounts';
import { insertDataRequest } from '../profile/profile.repository';

/** Who may call what: every /api/settings endpoint for every kind of caller (advocates only). */

let seq = 0;
const advocatesOnly = {
  action: 'settings:view',
  deniedMessage: PROFILE_MESSAGES.settingsAccessDenied,
} as const;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET audit-log': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/settings/audit-log' }),
    check: (body) => expect(Array.isArray((body as { entries: unknown[] }).entries)).toBe(true),
  },
  'GET audit-log/csv': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/settings/audit-log/csv' }),
  },
  'GET data-requests': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/settings/data-requests' }),
  },
  'PUT data-requests/:id': {
    ...advocatesOnly,
    allowed: 200,
    request: async (ctx) => {
      const requester = await seedUser(ctx, {
        role: 'client',
        email: `requester-${(seq += 1)}@matrix.test`,
      });
      const request = await insertDataRequest(ctx.database.db, {
        userId: requester.id,
        requesterName: 'Test client',
        requesterEmail: requester.email,
      });
      return {
        method: 'PUT',
        url: `/api/settings/data-requests/${request.id}`,
        payload: { status: 'done' },
      };
    },
  },
  'GET super-key': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/settings/super-key' }),
    check: (body) => expect(body).toMatchObject({ source: 'file', rotatable: true }),
  },
  'POST super-key/rotate': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({ method: 'POST', url: '/api/settings/super-key/rotate' }),
  },
};

// No ADVOCATE_SUPER_KEY: the key is generated into the test's DATA_DIR, so it can be rotated.
describeAccessMatrix('/api/settings', ENDPOINTS);
