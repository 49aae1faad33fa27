import { BILLING_MESSAGES, APPOINTMENT_MESSAGES, type FeeNote } from '@firm/shared';
import { expect } from 'vitest';
import { clientFor, describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import type { TestContext } from '../../../test/helpers';

/**
 * Who may call the billing endpoints (ADR 035), for every kind of caller: fee notes are seen by
 * their client (issued ones) and by advocates and admins with canManageCases, who also draft,
 * issue, cancel and record payments. A client's request is always about their own fee note.
 */

let seq = 0;
const unique = (prefix: string) => `${prefix}-${(seq += 1)}@billing-matrix.test`;

const LINES = [{ kind: 'fee', description: 'Advice', quantity: 1, unitPriceKsh: 5_000 }];

async function advocateToken(ctx: TestContext): Promise<string> {
  const advocate = await seedUser(ctx, { role: 'advocate', email: unique('advocate') });
  return sessionFor(ctx, advocate);
}

async function feeNote(ctx: TestContext, clientId: string, issued: boolean): Promise<FeeNote> {
  const headers = bearer(await advocateToken(ctx));
  const drafted = await ctx.app.inject({
    method: 'POST',
    url: '/api/fee-notes',
    headers,
    payload: { clientId, dueDate: '2026-12-15', lines: LINES },
  });
  const note = drafted.json().feeNote as FeeNote;
  if (!issued) return note;
  const answer = await ctx.app.inject({
    method: 'POST',
    url: `/api/fee-notes/${note.id}/issue`,
    headers,
  });
  return answer.json().feeNote as FeeNote;
}

async function paidPayment(ctx: TestContext, clientId: string): Promise<string> {
  const note = await feeNote(ctx, clientId, true);
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: bearer(await advocateToken(ctx)),
    payload: { feeNoteId: note.id, amountKsh: 5_000, method: 'cash' },
  });
  return answer.json().payment.id as string;
}

const view = { action: 'fee-notes:view', deniedMessage: BILLING_MESSAGES.viewDenied } as const;
const manage = {
  action: 'fee-notes:manage',
  deniedMessage: BILLING_MESSAGES.manageDenied,
} as const;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /fee-notes': {
    ...view,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/fee-notes' }),
  },
  'GET /fee-notes/{id}': {
    ...view,
    allowed: 200,
    request: async (ctx, caller) => {
      const note = await feeNote(ctx, await clientFor(ctx, caller, unique('client')), true);
      return { method: 'GET', url: `/api/fee-notes/${note.id}` };
    },
    check: (body) => expect((body as FeeNote).number).toMatch(/^FN\//),
  },
  'GET /fee-notes/{id}/pdf': {
    ...view,
    allowed: 200,
    request: async (ctx, caller) => {
      const note = await feeNote(ctx, await clientFor(ctx, caller, unique('client')), true);
      return { method: 'GET', url: `/api/fee-notes/${note.id}/pdf` };
    },
    check: (body) => expect((body as Buffer).subarray(0, 5).toString()).toBe('%PDF-'),
  },
  'GET /fee-notes/{id}/credit-note': {
    ...view,
    allowed: 200,
    request: async (ctx, caller) => {
      const note = await feeNote(ctx, await clientFor(ctx, caller, unique('client')), true);
      await ctx.app.inject({
        method: 'POST',
        url: `/api/fee-notes/${note.id}/cancel`,
        headers: bearer(await advocateToken(ctx)),
        payload: { reason: 'Billed in error' },
      });
      return { method: 'GET', url: `/api/fee-notes/${note.id}/credit-note` };
    },
    check: (body) => expect((body as Buffer).subarray(0, 5).toString()).toBe('%PDF-'),
  },
  'POST /fee-notes': {
    ...manage,
    allowed: 201,
    request: async (ctx) => ({
      method: 'POST',
      url: '/api/fee-notes',
      payload: {
        clientId: (await seedUser(ctx, { role: 'client', email: unique('client') })).id,
        dueDate: '2026-12-15',
        lines: LINES,
      },
    }),
  },
  'PUT /fee-notes/{id}': {
    ...manage,
    allowed: 200,
    request: async (ctx, caller) => {
      const note = await feeNote(ctx, await clientFor(ctx, caller, unique('client')), false);
      return {
        method: 'PUT',
        url: `/api/fee-notes/${note.id}`,
        payload: { dueDate: '2026-12-21', lines: LINES },
      };
    },
  },
  'DELETE /fee-notes/{id}': {
    ...manage,
    allowed: 200,
    request: async (ctx, caller) => {
      const note = await feeNote(ctx, await clientFor(ctx, caller, unique('client')), false);
      return { method: 'DELETE', url: `/api/fee-notes/${note.id}` };
    },
  },
  'POST /fee-notes/{id}/issue': {
    ...manage,
    allowed: 200,
    request: async (ctx, caller) => {
      const note = await feeNote(ctx, await clientFor(ctx, caller, unique('client')), false);
      return { method: 'POST', url: `/api/fee-notes/${note.id}/issue` };
    },
  },
  'POST /fee-notes/{id}/cancel': {
    ...manage,
    allowed: 200,
    request: async (ctx, caller) => {
      const note = await feeNote(ctx, await clientFor(ctx, caller, unique('client')), true);
      return {
        method: 'POST',
        url: `/api/fee-notes/${note.id}/cancel`,
        payload: { reason: 'Billed in error' },
      };
    },
  },
  'POST /payments': {
    action: 'payments:record',
    deniedMessage: APPOINTMENT_MESSAGES.recordPaymentDenied,
    allowed: 201,
    request: async (ctx, caller) => {
      const note = await feeNote(ctx, await clientFor(ctx, caller, unique('client')), true);
      return {
        method: 'POST',
        url: '/api/payments',
        payload: { feeNoteId: note.id, amountKsh: 1_000, method: 'cash' },
      };
    },
  },
  'GET /payments': {
    ...view,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/payments' }),
  },
  'GET /payments/{id}': {
    ...view,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'GET',
      url: `/api/payments/${await paidPayment(ctx, await clientFor(ctx, caller, unique('client')))}`,
    }),
  },
  'GET /payments/{id}/receipt': {
    ...view,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'GET',
      url: `/api/payments/${await paidPayment(ctx, await clientFor(ctx, caller, unique('client')))}/receipt`,
    }),
    check: (body) => expect((body as Buffer).subarray(0, 5).toString()).toBe('%PDF-'),
  },
  'POST /payments/mpesa': {
    // Without M-Pesa settings the push is refused for everyone allowed to ask (409): the route
    // guard and the service's scope are what this table checks.
    action: 'payments:pay',
    deniedMessage: BILLING_MESSAGES.payDenied,
    allowed: 409,
    request: async (ctx, caller) => {
      const note = await feeNote(ctx, await clientFor(ctx, caller, unique('client')), true);
      return {
        method: 'POST',
        url: '/api/payments/mpesa',
        payload: { feeNoteId: note.id, phone: '0712345678' },
      };
    },
  },
};

describeAccessMatrix('/api/fee-notes and /api/payments', ENDPOINTS);
