import { PROFILE_MESSAGES } from '@firm/shared';
import { afterAll, expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { startEtimsSimulator } from '../../../test/etims-simulator';
import { etimsEnv } from './etims-test-kit';

/** Who may call what: eTIMS' set-up on System Settings, advocates only (ADR 049). */

const kra = await startEtimsSimulator();
afterAll(() => kra.close());

const advocatesOnly = {
  action: 'settings:view',
  deniedMessage: PROFILE_MESSAGES.settingsAccessDenied,
} as const;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET settings/etims': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/settings/etims' }),
    check: (body) => expect(body).toMatchObject({ configured: true, branchId: '00' }),
  },
  'POST settings/etims/initialise': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({ method: 'POST', url: '/api/settings/etims/initialise' }),
    check: (body) => expect(body).toMatchObject({ configured: true, sdcId: kra.sdcId }),
  },
};

describeAccessMatrix('/api/settings/etims', ENDPOINTS, { env: etimsEnv(kra) });
