import { type Server } from 'node:http';
import { afterEach } from 'vitest';
import { callbackPath, type StkPushInput } from './daraja';
import {
  startDarajaSimulator,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
} from '../../test/daraja-simulator';

/**
 * What the Daraja tests (daraja*.test.ts) share: simulators and test servers, closed after each
 * test, and a push to send.
 */

export const simulators: DarajaSimulator[] = [];
export const servers: Server[] = [];

export async function simulator(options: DarajaSimulatorOptions = {}) {
  // Callbacks are sent by hand unless a test says otherwise: most tests have no app to receive them.
  const started = await startDarajaSimulator({ callback: 'manual', ...options });
  simulators.push(started);
  return started;
}

export const push: StkPushInput = {
  phone: '0712345678',
  amountKsh: 1500,
  accountReference: 'FN-2026-0042',
  description: 'Fee note 42',
  callbackUrl: `https://portal.mwamba-advocates.co.ke${callbackPath('a-long-callback-secret_01')}`,
};

/** Closes the test's simulators and servers after it. */
export function useDarajaTestServers() {
  afterEach(async () => {
    await Promise.all(simulators.splice(0).map((simulator) => simulator.close()));
    await Promise.all(
      servers.splice(0).map((server) => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      }),
    );
  });
}
