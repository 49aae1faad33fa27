import { PROFILE_MESSAGES, SETUP_ITEMS } from '@firm/shared';
import { expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';

/**
 * GET /api/dashboard/stats: every signed-in person (their sections differ; see dashboard.test).
 * GET /api/dashboard/setup: advocates (the setup checklist; see setup-checklist.test).
 */
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
  'GET dashboard/setup': {
    action: 'settings:view',
    allowed: 200,
    deniedMessage: PROFILE_MESSAGES.settingsAccessDenied,
    request: () => ({ method: 'GET', url: '/api/dashboard/setup' }),
    check: (body) => {
      const answer = body as { items: { key: string; done: boolean }[]; complete: boolean };
      expect(answer.items.map((item) => item.key)).toEqual([...SETUP_ITEMS]);
    },
  },
};

describeAccessMatrix('/api/dashboard access', ENDPOINTS);
