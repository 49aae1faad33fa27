import { defineContract } from '../common/contract';
import { ETIMS_ENDPOINTS } from './endpoints';
import { etimsSettingsSchema } from './schemas';

/** KRA eTIMS: each endpoint's params, body and answer (ADR 044, ADR 049). */
export const etimsContract = defineContract(ETIMS_ENDPOINTS, {
  getSettings: {
    summary: "KRA eTIMS' set-up: configured, initialised when, the branch and device (no key)",
    response: etimsSettingsSchema,
  },
  initialise: {
    summary:
      "Initialise KRA eTIMS' device: its key sealed and kept, KRA's code lists read, the firm's items registered",
    response: etimsSettingsSchema,
  },
});

export type EtimsContract = typeof etimsContract;
