import { z } from 'zod';
import { defineContract } from '../common/contract';
import { REPORTS_ENDPOINTS } from './endpoints';
import { reportParamsSchema, reportQuerySchema, reportSchema } from './schemas';

/** Reports: each endpoint's params, query and answer (ADR 044). */
export const reportsContract = defineContract(REPORTS_ENDPOINTS, {
  getReport: {
    summary:
      'A report (caseload, appointments, enquiries, service, money, client-money) for Nairobi days, beside the period before; `format=csv` downloads it',
    params: reportParamsSchema,
    query: reportQuerySchema,
    // One address, two answers: the report as JSON, or with `format=csv` its CSV file.
    response: reportSchema.or(z.string().describe('The CSV file')),
  },
});

export type ReportsContract = typeof reportsContract;
