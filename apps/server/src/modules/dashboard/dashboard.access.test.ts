import { expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';

/** GET /api/dashboard/stats: every signed-in person (their sections differ; see dashboard.test). */
const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET dashboard/stats': {
    action: 'dashboard:view',
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/dashboard/stats' }),
    check: (body, caller) => {
      const answer = body as Record<string, unknown>;
      expect(answer.role).toBe(caller.actor!.role);
      // A client's own section only to a client; the firm's figures only to an advocate.
      expect('client' in answer).toBe(caller.actor!.role === 'client');
      expect('fees' in answer).toBe(caller.actor!.role === 'advocate');
    },
  },
};

describeAccessMatrix('/api/dashboard access', ENDPOINTS);
