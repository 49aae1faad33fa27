import { randomUUID } from 'node:crypto';
import { CASE_MESSAGES, type CaseDetail, type CaseList } from '@firm/shared';
import { expect } from 'vitest';
import {
  describeAccessMatrix,
  type Caller,
  type MatrixEndpoint,
} from '../../../test/access-matrix';
import { seedUser } from '../../../test/accounts';
import { multipartFile, PDF_BYTES, seedCase, seedDocument, seedNote } from '../../../test/cases';
import type { TestContext } from '../../../test/helpers';

/**
 * Who may call what: every /api/cases endpoint for every kind of caller, generated from `can()`
 * (test/access-matrix.ts). A client's allowed calls are made on a case of their own; everyone
 * else's on another client's case, so an allowed call proves staff reach every case. Callers
 * refused by `can()` get 403 with the endpoint's message. Another client's case answering 404 is
 * in cases.visibility-and-documents.test.ts.
 */

let seq = 0;
const unique = (prefix: string) => `${prefix}-${(seq += 1)}@cases-matrix.test`;

/** The client whose case the call is about: the caller if a client, else a fresh one. */
async function clientFor(ctx: TestContext, caller: Caller): Promise<string> {
  if (caller.actor?.role === 'client' && caller.user) return caller.user.id;
  return (await seedUser(ctx, { role: 'client', email: unique('client') })).id;
}

async function caseFor(ctx: TestContext, caller: Caller) {
  return seedCase(ctx, await clientFor(ctx, caller));
}

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /cases': {
    action: 'cases:view',
    deniedMessage: CASE_MESSAGES.viewDenied,
    allowed: 200,
    request: async (ctx, caller) => {
      await caseFor(ctx, caller);
      return { method: 'GET', url: '/api/cases' };
    },
    check: (body, caller) => {
      const list = body as CaseList;
      expect(list.success).toBe(true);
      expect(list.cases.length).toBeGreaterThan(0);
      if (caller.actor?.role === 'client') {
        expect(list.cases.every((c) => c.clientId === caller.user!.id)).toBe(true);
      }
    },
  },
  'GET /cases/:id': {
    action: 'cases:view',
    deniedMessage: CASE_MESSAGES.viewDenied,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'GET',
      url: `/api/cases/${(await caseFor(ctx, caller)).id}`,
    }),
    check: (body) => expect((body as { case: CaseDetail }).case.caseNumber).toMatch(/^MWA\//),
  },
  'POST /cases': {
    action: 'cases:create',
    deniedMessage: CASE_MESSAGES.manageDenied,
    allowed: 201,
    request: async (ctx) => {
      const client = await seedUser(ctx, { role: 'client', email: unique('new-client') });
      return {
        method: 'POST',
        url: '/api/cases',
        payload: {
          title: 'Employment claim',
          description: 'Unfair dismissal.',
          category: 'employment',
          priority: 'high',
          clientId: client.id,
        },
      };
    },
    check: (body) =>
      expect(body).toMatchObject({ success: true, message: CASE_MESSAGES.caseCreated }),
  },
  'PUT /cases/:id': {
    action: 'cases:manage',
    deniedMessage: CASE_MESSAGES.manageDenied,
    allowed: 200,
    request: async (ctx, caller) => {
      const row = await caseFor(ctx, caller);
      return {
        method: 'PUT',
        url: `/api/cases/${row.id}`,
        payload: { version: row.version, priority: 'urgent' },
      };
    },
    check: (body) => expect((body as { case: CaseDetail }).case.priority).toBe('urgent'),
  },
  'DELETE /cases/:id': {
    action: 'cases:delete',
    deniedMessage: CASE_MESSAGES.deleteDenied,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'DELETE',
      url: `/api/cases/${(await caseFor(ctx, caller)).id}`,
    }),
  },
  'POST /cases/:id/notes': {
    action: 'cases:manage',
    deniedMessage: CASE_MESSAGES.manageDenied,
    allowed: 201,
    request: async (ctx, caller) => ({
      method: 'POST',
      url: `/api/cases/${(await caseFor(ctx, caller)).id}/notes`,
      payload: { content: 'Filed the defence.', visibleToClient: true },
    }),
  },
  'POST /cases/:id/documents': {
    action: 'files:upload',
    deniedMessage: CASE_MESSAGES.uploadDenied,
    allowed: 201,
    request: async (ctx, caller) => {
      const { payload, headers } = multipartFile('plaint.pdf', PDF_BYTES, 'application/pdf');
      return {
        method: 'POST',
        url: `/api/cases/${(await caseFor(ctx, caller)).id}/documents`,
        payload,
        headers,
      };
    },
    check: (body) =>
      expect((body as { document: { type: string } }).document.type).toBe('application/pdf'),
  },
  'GET /cases/:id/documents/:docId': {
    action: 'files:open',
    deniedMessage: CASE_MESSAGES.viewDenied,
    allowed: 200,
    request: async (ctx, caller) => {
      const row = await caseFor(ctx, caller);
      const document = await seedDocument(ctx, row.id, { visibleToClient: true });
      return { method: 'GET', url: `/api/cases/${row.id}/documents/${document.id}` };
    },
    check: (body) => expect(Buffer.compare(body as Buffer, PDF_BYTES)).toBe(0),
  },
  'DELETE /cases/:id/documents/:docId': {
    action: 'cases:manage',
    deniedMessage: CASE_MESSAGES.manageDenied,
    allowed: 200,
    request: async (ctx, caller) => {
      const row = await caseFor(ctx, caller);
      const document = await seedDocument(ctx, row.id);
      return { method: 'DELETE', url: `/api/cases/${row.id}/documents/${document.id}` };
    },
  },
  'PATCH /cases/:id/documents/:docId': {
    action: 'files:share',
    deniedMessage: CASE_MESSAGES.shareDenied,
    allowed: 200,
    request: async (ctx, caller) => {
      const row = await caseFor(ctx, caller);
      const document = await seedDocument(ctx, row.id, { visibleToClient: false });
      return {
        method: 'PATCH',
        url: `/api/cases/${row.id}/documents/${document.id}`,
        payload: { visibleToClient: true },
      };
    },
    check: (body) =>
      expect((body as { document: { visibleToClient: boolean } }).document.visibleToClient).toBe(
        true,
      ),
  },
  'PATCH /cases/:id/notes/:noteId': {
    action: 'cases:manage',
    deniedMessage: CASE_MESSAGES.manageDenied,
    allowed: 200,
    request: async (ctx, caller) => {
      const row = await caseFor(ctx, caller);
      const note = await seedNote(ctx, row.id, { visibleToClient: true });
      return {
        method: 'PATCH',
        url: `/api/cases/${row.id}/notes/${note.id}`,
        payload: { visibleToClient: false },
      };
    },
    check: (body) =>
      expect((body as { note: { visibleToClient: boolean } }).note.visibleToClient).toBe(false),
  },
  'POST /cases/conflict-check': {
    action: 'cases:create',
    deniedMessage: CASE_MESSAGES.manageDenied,
    allowed: 200,
    request: () => ({
      method: 'POST',
      url: '/api/cases/conflict-check',
      payload: { clientName: 'Nobody Known', parties: [{ name: randomUUID() }] },
    }),
  },
  'GET /cases/people': {
    action: 'cases:create',
    deniedMessage: CASE_MESSAGES.manageDenied,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/cases/people' }),
  },
};

describeAccessMatrix('/api/cases', ENDPOINTS);
