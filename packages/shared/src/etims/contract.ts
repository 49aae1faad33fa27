import { defineContract } from '../common/contract';
import { ETIMS_ENDPOINTS } from './endpoints';
import { idParamsSchema } from '../common/fields';
import { feeNoteEtimsSchema, etimsProblemsSchema, etimsSettingsSchema } from './schemas';
import { BILLING_MESSAGES } from '../billing/texts';

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
  listProblems: {
    summary:
      'Fee notes and credit notes KRA refused or did not answer for 48 hours, lowest KRA invoice number first',
    response: etimsProblemsSchema,
  },
  retry: {
    summary:
      'Send a fee note (or its credit note) again that KRA refused or did not answer for 48 hours',
    params: idParamsSchema(BILLING_MESSAGES.feeNoteNotFound),
    response: feeNoteEtimsSchema,
  },
});

export type EtimsContract = typeof etimsContract;
