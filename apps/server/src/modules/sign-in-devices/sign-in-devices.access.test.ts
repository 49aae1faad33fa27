import { expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';

/**
 * The devices list, for every kind of caller: each signed-in person's own (any role), nobody
 * signed out, and a person who must first change their password only that. The callers' sessions
 * are made without signing in, so their lists are empty. POST /auth/secure-account needs no
 * session (its link is the proof): sign-in-devices.test.ts covers it.
 */
const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /auth/devices': {
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/auth/devices' }),
    check: (body) => expect(body).toEqual({ devices: [] }),
  },
};

describeAccessMatrix('/api/auth/devices access', ENDPOINTS);
