import { PROFILE_MESSAGES, type PaybillUrlsRegistered } from '@firm/shared';
import { afterAll, expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { startDarajaSimulator } from '../../../test/daraja-simulator';
import { mpesaEnv } from './paybill-test-kit';

/**
 * Who may register the paybill's addresses with Safaricom (ADR 048): advocates only, as the rest
 * of System Settings; admins and clients are refused (403). The allowed call really registers,
 * against the local Daraja.
 */

const daraja = await startDarajaSimulator({ callback: 'never' });
afterAll(() => daraja.close());

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'POST settings/mpesa/c2b/register': {
    action: 'settings:view',
    deniedMessage: PROFILE_MESSAGES.settingsAccessDenied,
    allowed: 200,
    request: () => ({
      method: 'POST',
      url: '/api/settings/mpesa/c2b/register',
      payload: { responseType: 'Completed' },
    }),
    check: (body) =>
      expect((body as PaybillUrlsRegistered).connection.registration).toMatchObject({
        responseType: 'Completed',
        current: true,
      }),
  },
};

describeAccessMatrix('/api/settings/mpesa/c2b/register access', ENDPOINTS, {
  env: { ...mpesaEnv(daraja), PUBLIC_URL: 'https://portal.mwamba.co.ke' },
});
