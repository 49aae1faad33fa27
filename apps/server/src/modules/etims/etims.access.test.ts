import { ETIMS_TEXTS, PROFILE_MESSAGES } from '@firm/shared';
import { afterAll, expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { seedUser } from '../../../test/accounts';
import { startEtimsSimulator } from '../../../test/etims-simulator';
import { feeNotes } from '../../db/schema';
import { etimsEnv } from './etims-test-kit';

/** Who may call what: eTIMS' set-up on System Settings, advocates only (ADR 049). */

let seq = 0;
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
  'GET settings/etims/transmissions': {
    ...advocatesOnly,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/settings/etims/transmissions' }),
    check: (body) => expect(body).toEqual({ transmissions: [] }),
  },
  // Let through, a fee note KRA refused nothing of answers that there is nothing to send again
  // (etims.transmissions.test.ts retries a refusal).
  'POST fee-notes/:id/etims/retry': {
    ...advocatesOnly,
    allowed: 409,
    request: async (ctx) => {
      const client = await seedUser(ctx, {
        role: 'client',
        email: `retry-${(seq += 1)}@matrix.test`,
      });
      const [note] = await ctx.database.db
        .insert(feeNotes)
        .values({
          clientId: client.id,
          dueDate: '2026-12-31',
          vatRatePercent: 0,
          feesKsh: 1_000,
          disbursementsKsh: 0,
          vatKsh: 0,
          totalKsh: 1_000,
        })
        .returning();
      return { method: 'POST', url: `/api/fee-notes/${note!.id}/etims/retry` };
    },
    check: (body) => expect(body).toMatchObject({ message: ETIMS_TEXTS.nothingToRetry }),
  },
};

describeAccessMatrix('/api/settings/etims', ENDPOINTS, { env: etimsEnv(kra) });
