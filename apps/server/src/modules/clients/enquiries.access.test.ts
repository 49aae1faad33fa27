import { ENQUIRY_MESSAGES, type EnquiryList } from '@firm/shared';
import { expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { seedContactMessage } from '../../../test/enquiries';

/**
 * Who may call what: every /api/enquiries endpoint for every kind of caller (test/access-matrix.ts):
 * advocates, and admins who admit clients or schedule appointments, read and triage the inbox;
 * converting needs canAdmitClients. Clients are refused.
 */

let seq = 0;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /enquiries': {
    action: 'enquiries:view',
    deniedMessage: ENQUIRY_MESSAGES.accessDenied,
    allowed: 200,
    request: async (ctx) => {
      await seedContactMessage(ctx);
      return { method: 'GET', url: '/api/enquiries' };
    },
    check: (body) => expect((body as EnquiryList).enquiries.length).toBeGreaterThan(0),
  },
  'GET /enquiries/new-count': {
    action: 'enquiries:view',
    deniedMessage: ENQUIRY_MESSAGES.accessDenied,
    allowed: 200,
    request: async (ctx) => {
      await seedContactMessage(ctx);
      return { method: 'GET', url: '/api/enquiries/new-count' };
    },
    check: (body) => expect((body as { count: number }).count).toBeGreaterThan(0),
  },
  'PATCH /enquiries/:kind/:id': {
    action: 'enquiries:view',
    deniedMessage: ENQUIRY_MESSAGES.accessDenied,
    allowed: 200,
    request: async (ctx) => ({
      method: 'PATCH',
      url: `/api/enquiries/message/${(await seedContactMessage(ctx)).id}`,
      payload: { status: 'in_progress', version: 0 },
    }),
    check: (body) =>
      expect((body as { enquiry: { status: string } }).enquiry.status).toBe('in_progress'),
  },
  'POST /enquiries/:kind/:id/convert': {
    action: 'clients:admit',
    deniedMessage: ENQUIRY_MESSAGES.convertDenied,
    allowed: 201,
    request: async (ctx) => {
      seq += 1;
      const message = await seedContactMessage(ctx, {
        name: `Zawadi Matrix${seq}`,
        email: `zawadi-${seq}@enquiries-matrix.test`,
      });
      return {
        method: 'POST',
        url: `/api/enquiries/message/${message.id}/convert`,
        payload: { firstName: 'Zawadi', lastName: `Matrix${seq}`, email: message.email },
      };
    },
    check: (body) =>
      expect((body as { temporaryPassword: string }).temporaryPassword.length).toBeGreaterThan(7),
  },
};

describeAccessMatrix('/api/enquiries: who may call what', ENDPOINTS);
