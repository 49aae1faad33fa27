import { defineContract } from '../common/contract';
import { DEADLINES_ENDPOINTS } from './endpoints';
import { limitationPeriodsInputSchema, limitationPeriodsSchema } from './schemas';

/** Deadlines: each endpoint's params, query, body and answer (ADR 044). */
export const deadlinesContract = defineContract(DEADLINES_ENDPOINTS, {
  listLimitationPeriods: {
    summary: 'The firm’s table of limitation periods, each with the section it comes from',
    response: limitationPeriodsSchema,
  },
  saveLimitationPeriods: {
    summary: 'Replace the table of limitation periods (advocates); audited with what changed',
    body: limitationPeriodsInputSchema,
    response: limitationPeriodsSchema,
  },
});
