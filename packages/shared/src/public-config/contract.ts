import { defineContract } from '../common/contract';
import { PUBLIC_CONFIG_ENDPOINTS } from './endpoints';
import { publicConfigSchema } from './schemas';

/** The public config: its answer (ADR 044). */
export const publicConfigContract = defineContract(PUBLIC_CONFIG_ENDPOINTS, {
  getPublicConfig: {
    summary: 'Settings the website reads at run time (the maps key, appointment fees)',
    response: publicConfigSchema,
  },
});

export type PublicConfigContract = typeof publicConfigContract;
