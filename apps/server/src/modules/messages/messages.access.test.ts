import { MESSAGE_MESSAGES, type ConversationList } from '@firm/shared';
import { expect } from 'vitest';
import {
  describeAccessMatrix,
  type Caller,
  type MatrixEndpoint,
} from '../../../test/access-matrix';
import { seedUser } from '../../../test/accounts';
import { PDF_BYTES, seedCase } from '../../../test/cases';
import type { TestContext } from '../../../test/helpers';
import { seedAttachment, seedConversation } from '../../../test/messages';

/**
 * Who may call what: every messaging endpoint for every kind of caller (test/access-matrix.ts).
 * Each endpoint is tried twice where scope matters:
 * - "own or named": a client's own conversation, or for staff one they are named on, which every
 *   signed-in caller reaches;
 * - "another client's": a conversation of some other client naming nobody, which only advocates
 *   and admins with canOpenFiles reach (`messages:all`); anyone else gets 404, as if it did not
 *   exist.
 * Filing an attachment to the case needs canUploadFiles (`messages:file`): 403 otherwise.
 * Starting a conversation needs `messages:start` (advocates; admins who may see clients): an admin
 * named on conversations but with no such toggle answers them and may not open new ones.
 */

let seq = 0;
const unique = (prefix: string) => `${prefix}-${(seq += 1)}@messages-matrix.test`;
const freshClient = async (ctx: TestContext) =>
  (await seedUser(ctx, { role: 'client', email: unique('client') })).id;

/** A conversation the caller reaches as its client or as a named member of staff. */
async function ownOrNamed(ctx: TestContext, caller: Caller, options: { caseFor?: boolean } = {}) {
  const isClient = caller.actor?.role === 'client';
  const clientId = isClient ? caller.user!.id : await freshClient(ctx);
  const caseId = options.caseFor ? (await seedCase(ctx, clientId)).id : null;
  return seedConversation(ctx, clientId, {
    caseId,
    members: !isClient && caller.user ? [caller.user.id] : [],
    senderId: caller.user?.id ?? clientId,
  });
}

/** Another client's conversation, naming nobody. */
async function anotherClients(ctx: TestContext) {
  return seedConversation(ctx, await freshClient(ctx));
}

const allOnly = { action: 'messages:all', refused: 404 } as const;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /conversations': {
    allowed: 200,
    request: async (ctx, caller) => {
      await ownOrNamed(ctx, caller);
      await anotherClients(ctx);
      return { method: 'GET', url: '/api/conversations?limit=100' };
    },
    check: (body, caller) => {
      const list = body as ConversationList;
      expect(list.conversations.length).toBeGreaterThan(0);
      if (caller.actor?.role === 'client') {
        expect(list.conversations.every((c) => c.clientId === caller.user!.id)).toBe(true);
      }
    },
  },
  // Starting one means choosing a client: those who may see the client list (`messages:start`);
  // a client writes for themself.
  'POST /conversations': {
    action: 'messages:start',
    deniedMessage: MESSAGE_MESSAGES.startDenied,
    allowed: 201,
    request: async (ctx, caller) => ({
      method: 'POST',
      url: '/api/conversations',
      payload: {
        subject: 'A question',
        body: 'Hello',
        ...(caller.actor?.role === 'client' ? {} : { clientId: await freshClient(ctx) }),
      },
    }),
  },
  'GET /conversations/:id/messages (own or named)': {
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'GET',
      url: `/api/conversations/${(await ownOrNamed(ctx, caller)).conversation.id}/messages`,
    }),
    check: (body) => expect((body as { messages: unknown[] }).messages).toHaveLength(1),
  },
  'GET /conversations/:id/messages (another client’s)': {
    ...allOnly,
    allowed: 200,
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/conversations/${(await anotherClients(ctx)).conversation.id}/messages`,
    }),
  },
  'POST /conversations/:id/messages (own or named)': {
    allowed: 201,
    request: async (ctx, caller) => ({
      method: 'POST',
      url: `/api/conversations/${(await ownOrNamed(ctx, caller)).conversation.id}/messages`,
      payload: { body: 'Thank you' },
    }),
  },
  'POST /conversations/:id/messages (another client’s)': {
    ...allOnly,
    allowed: 201,
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/conversations/${(await anotherClients(ctx)).conversation.id}/messages`,
      payload: { body: 'Thank you' },
    }),
  },
  'PUT /conversations/:id/read (own or named)': {
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'PUT',
      url: `/api/conversations/${(await ownOrNamed(ctx, caller)).conversation.id}/read`,
    }),
  },
  'PUT /conversations/:id/read (another client’s)': {
    ...allOnly,
    allowed: 200,
    request: async (ctx) => ({
      method: 'PUT',
      url: `/api/conversations/${(await anotherClients(ctx)).conversation.id}/read`,
    }),
  },
  // Who a conversation reaches is for those who reach every one: 403 before any lookup, so even a
  // named admin without canOpenFiles cannot draw others in.
  'PUT /conversations/:id/members (own or named)': {
    action: 'messages:all',
    deniedMessage: MESSAGE_MESSAGES.membersDenied,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'PUT',
      url: `/api/conversations/${(await ownOrNamed(ctx, caller)).conversation.id}/members`,
      payload: { staffIds: [] },
    }),
  },
  'POST /messages/:id/withdraw (their own message)': {
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'POST',
      url: `/api/messages/${(await ownOrNamed(ctx, caller)).message.id}/withdraw`,
    }),
  },
  'GET /conversations/:id/attachments/:attachmentId (own or named)': {
    allowed: 200,
    request: async (ctx, caller) => {
      const { message } = await ownOrNamed(ctx, caller);
      const file = await seedAttachment(ctx, message);
      return {
        method: 'GET',
        url: `/api/conversations/${message.conversationId}/attachments/${file.id}`,
      };
    },
    check: (body) => expect(Buffer.from(body as Buffer).equals(PDF_BYTES)).toBe(true),
  },
  'GET /conversations/:id/attachments/:attachmentId (another client’s)': {
    ...allOnly,
    allowed: 200,
    request: async (ctx) => {
      const { message } = await anotherClients(ctx);
      const file = await seedAttachment(ctx, message);
      return {
        method: 'GET',
        url: `/api/conversations/${message.conversationId}/attachments/${file.id}`,
      };
    },
  },
  'POST /conversations/:id/attachments/:attachmentId/file-to-case (named)': {
    action: 'messages:file',
    deniedMessage: MESSAGE_MESSAGES.fileDenied,
    allowed: 201,
    request: async (ctx, caller) => {
      const { message } = await ownOrNamed(ctx, caller, { caseFor: true });
      const file = await seedAttachment(ctx, message);
      return {
        method: 'POST',
        url: `/api/conversations/${message.conversationId}/attachments/${file.id}/file-to-case`,
      };
    },
  },
};

describeAccessMatrix('messages access', ENDPOINTS);
