import { CLIENT_MESSAGES, type ClientList, type ClientRead } from '@firm/shared';
import { expect } from 'vitest';
import { describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { seedUser } from '../../../test/accounts';
import type { TestContext } from '../../../test/helpers';

/**
 * Who may call what: every /api/clients endpoint for every kind of caller (test/access-matrix.ts).
 * Staff reach any client; a client is refused all three (403), their own id included. A staff id
 * or an unknown one answering 404 is in clients.test.ts.
 */

let seq = 0;
const newClient = (ctx: TestContext) =>
  seedUser(ctx, { role: 'client', email: `client-${(seq += 1)}@clients-matrix.test` });

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /clients': {
    action: 'clients:view',
    deniedMessage: CLIENT_MESSAGES.viewDenied,
    allowed: 200,
    request: async (ctx) => {
      await newClient(ctx);
      return { method: 'GET', url: '/api/clients' };
    },
    check: (body) => {
      const list = body as ClientList;
      expect(list.clients.length).toBeGreaterThan(0);
      // Clients only: the matrix's staff callers (caller-N-admin@…, caller-N-advocate@…) are not.
      expect(list.clients.some((c) => /-(admin|advocate)@/.test(c.email))).toBe(false);
    },
  },
  'GET /clients/:id': {
    action: 'clients:view',
    deniedMessage: CLIENT_MESSAGES.viewDenied,
    allowed: 200,
    // A client asking for their own record is refused too (their details are in Profile).
    request: async (ctx, caller) => {
      const id = caller.actor?.role === 'client' ? caller.user!.id : (await newClient(ctx)).id;
      return { method: 'GET', url: `/api/clients/${id}` };
    },
    check: (body) => expect((body as ClientRead).client.email).toMatch(/@clients-matrix\.test$/),
  },
  'PATCH /clients/:id': {
    action: 'clients:admit',
    deniedMessage: CLIENT_MESSAGES.editDenied,
    allowed: 200,
    request: async (ctx) => ({
      method: 'PATCH',
      url: `/api/clients/${(await newClient(ctx)).id}`,
      payload: { phone: '0712 345 678' },
    }),
    check: (body) => expect((body as ClientRead).client.phone).toBe('+254712345678'),
  },
};

describeAccessMatrix('/api/clients: who may call what', ENDPOINTS);
