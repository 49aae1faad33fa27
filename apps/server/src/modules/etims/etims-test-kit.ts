import type { EtimsSimulator } from '../../../test/etims-simulator';

/** The settings that point the app at the local OSCU (test/etims-simulator.ts). */
export const etimsEnv = (kra: EtimsSimulator, overrides: Record<string, string> = {}) => ({
  ETIMS_BASE_URL: kra.settings.baseUrl,
  ETIMS_PIN: kra.settings.pin,
  ETIMS_BRANCH_ID: kra.settings.branchId,
  ETIMS_DEVICE_SERIAL: kra.settings.deviceSerial,
  ...overrides,
});
