import {
  CASE_MESSAGES,
  DENIED_TEXTS,
  MESSAGE_MESSAGES,
  type ConversationCreated,
  type ConversationList,
  type ConversationStaff,
  type MessagePage,
} from '@firm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, conversations, type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { PDF_BYTES, PNG_BYTES, seedCase, storedFiles } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { multipartForm, seedConversation } from '../../../test/messages';

/**
 * Starting a conversation (ADR 020): who may start one and with which case, the first
 * message's attachments (multipart), naming colleagues, one client's conversations
 * (`?clientId=`), and a case's new assignee joining its conversations.
 */

let ctx: TestContext;
let advocate: UserRow;
let openAdmin: UserRow;
let admitAdmin: UserRow;
let plainAdmin: UserRow;
let wanjiru: UserRow;
let otieno: UserRow;
const tokens: Record<string, string> = {};
const as = (who: string) => bearer(tokens[who]!);
const conversationCount = async () => {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(conversations);
  return row!.n;
};

beforeAll(async () => {
  // A small upload limit, so the 413 test sends 1.5 MB rather than 26.
  ctx = await createTestContext({ MAX_UPLOAD_MB: '1' });
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'advocate@start.test',
    firstName: 'Achieng',
    lastName: 'Odhiambo',
  });
  openAdmin = await seedUser(ctx, {
    role: 'admin',
    email: 'open-admin@start.test',
    firstName: 'Baraka',
    lastName: 'Mwangi',
    permissions: { canOpenFiles: true },
  });
  admitAdmin = await seedUser(ctx, {
    role: 'admin',
    email: 'admit-admin@start.test',
    firstName: 'Daudi',
    lastName: 'Kiprop',
    permissions: { canAdmitClients: true },
  });
  plainAdmin = await seedUser(ctx, {
    role: 'admin',
    email: 'plain-admin@start.test',
    firstName: 'Chebet',
    lastName: 'Rono',
  });
  wanjiru = await seedUser(ctx, {
    role: 'client',
    email: 'wanjiru@start.test',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
  });
  otieno = await seedUser(ctx, {
    role: 'client',
    email: 'otieno@start.test',
    firstName: 'Otieno',
    lastName: 'Ochieng',
  });
  const people = { advocate, openAdmin, admitAdmin, plainAdmin, wanjiru, otieno };
  for (const [name, user] of Object.entries(people)) tokens[name] = await sessionFor(ctx, user);
});
afterAll(() => ctx.close());

const start = (who: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/conversations', headers: as(who), payload });
const startWithFiles = (
  who: string,
  fields: [string, string][],
  files: { name: string; bytes: Buffer }[],
) => {
  const form = multipartForm(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: { ...as(who), ...form.headers },
    payload: form.payload,
  });
};
const list = async (who: string, query: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/conversations?${query}`,
    headers: as(who),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversationList>();
};

describe('who may start a conversation', () => {
  it('refuses staff who may not see clients, creating nothing', async () => {
    const before = await conversationCount();
    const response = await start('plainAdmin', {
      subject: 'Hello',
      body: 'Hi',
      clientId: wanjiru.id,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: DENIED_TEXTS['messages:start'],
      code: 'FORBIDDEN',
    });
    expect(await conversationCount()).toBe(before);
  });

  it('lets an admin who admits clients start a general one, but not about a case they may not open', async () => {
    const own = await seedCase(ctx, wanjiru.id);
    const withCase = await start('admitAdmin', {
      subject: 'Your file',
      body: 'Hello',
      clientId: wanjiru.id,
      caseId: own.id,
    });
    // The same answer as an unknown case: nothing about the case (its number, its title) shows.
    expect(withCase.statusCode).toBe(400);
    expect(withCase.json()).toMatchObject({
      message: MESSAGE_MESSAGES.caseNotFound,
      errors: { caseId: MESSAGE_MESSAGES.caseNotFound },
    });
    expect(withCase.body).not.toContain(own.caseNumber);
    const general = await start('admitAdmin', {
      subject: 'Your file',
      body: 'Hello',
      clientId: wanjiru.id,
    });
    expect(general.statusCode, general.body).toBe(201);
    expect(general.json<ConversationCreated>().conversation).toMatchObject({
      clientId: wanjiru.id,
      caseId: null,
      caseLabel: null,
    });
  });

  it('keeps a client to themself: their own id as clientId, no staff named, no other client’s case', async () => {
    const others = await seedCase(ctx, otieno.id);
    // A client's clientId is themself, whatever they send.
    const response = await start('wanjiru', {
      subject: 'Hello',
      body: 'Hi',
      clientId: otieno.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ConversationCreated>().conversation.clientId).toBe(wanjiru.id);
    // Nor may they name staff: naming is what lets an admin without canOpenFiles in.
    const naming = await start('wanjiru', {
      subject: 'Hello',
      body: 'Hi',
      staffIds: [plainAdmin.id],
    });
    expect(naming.statusCode).toBe(400);
    expect(naming.json().errors).toEqual({ staffIds: MESSAGE_MESSAGES.staffNotForClients });
    const foreignCase = await start('wanjiru', { subject: 'X', body: 'Hi', caseId: others.id });
    expect(foreignCase.statusCode).toBe(400);
    expect(foreignCase.json().errors).toEqual({ caseId: MESSAGE_MESSAGES.caseNotFound });
  });
});

describe('naming colleagues', () => {
  it('offers staff who may start one the active advocates and admins; not a client or a named-only admin', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/conversations/staff',
      headers: as('admitAdmin'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const names = response.json<ConversationStaff>().staff.map((person) => person.name);
    expect(names).toEqual(
      expect.arrayContaining(['Achieng Odhiambo', 'Baraka Mwangi', 'Chebet Rono']),
    );
    expect(names).not.toContain('Wanjiru Kamau');
    for (const who of ['wanjiru', 'plainAdmin']) {
      const refused = await ctx.app.inject({
        method: 'GET',
        url: '/api/conversations/staff',
        headers: as(who),
      });
      expect(refused.statusCode, who).toBe(403);
    }
  });

  it('names the colleagues chosen, who then reach it; an unknown one answers 400 on staffIds', async () => {
    const named = await start('advocate', {
      subject: 'Fees',
      body: 'Our invoice',
      clientId: otieno.id,
      staffIds: [plainAdmin.id],
    });
    expect(named.statusCode, named.body).toBe(201);
    const { conversation } = named.json<ConversationCreated>();
    expect(conversation.staff.map((person) => person.id).sort()).toEqual(
      [advocate.id, plainAdmin.id].sort(),
    );
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: as('plainAdmin'),
    });
    expect(seen.statusCode).toBe(200);

    const before = await conversationCount();
    const unknown = await start('advocate', {
      subject: 'Fees',
      body: 'Our invoice',
      clientId: otieno.id,
      staffIds: [crypto.randomUUID()],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: MESSAGE_MESSAGES.staffNotFound,
      errors: { staffIds: MESSAGE_MESSAGES.staffNotFound },
    });
    // A client is no colleague.
    const client = await start('advocate', {
      subject: 'Fees',
      body: 'Our invoice',
      clientId: otieno.id,
      staffIds: [wanjiru.id],
    });
    expect(client.statusCode).toBe(400);
    expect(client.json().errors).toEqual({ staffIds: MESSAGE_MESSAGES.staffNotFound });
    expect(await conversationCount()).toBe(before);
  });

  it('names a case’s new assignee on its conversations, leaving the client’s others alone', async () => {
    const own = await seedCase(ctx, wanjiru.id, { assigneeId: advocate.id });
    const about = await seedConversation(ctx, wanjiru.id, {
      caseId: own.id,
      members: [advocate.id],
    });
    const general = await seedConversation(ctx, wanjiru.id);
    const page = (id: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/conversations/${id}/messages`,
        headers: as('plainAdmin'),
      });
    expect((await page(about.conversation.id)).statusCode).toBe(404);

    const reassigned = await ctx.app.inject({
      method: 'PUT',
      url: `/api/cases/${own.id}`,
      headers: as('advocate'),
      payload: { version: own.version, assignedTo: plainAdmin.id },
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);

    const opened = await page(about.conversation.id);
    expect(opened.statusCode).toBe(200);
    expect(
      opened
        .json<MessagePage>()
        .conversation.staff.map((person) => person.id)
        .sort(),
    ).toEqual([advocate.id, plainAdmin.id].sort());
    expect((await page(general.conversation.id)).statusCode).toBe(404);
  });
});

describe('changing who a conversation reaches (PUT /members)', () => {
  it('names and unnames staff, which opens and closes the conversation to them, audited', async () => {
    const { conversation } = await seedConversation(ctx, otieno.id);
    const members = (who: string, staffIds: string[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/conversations/${conversation.id}/members`,
        headers: as(who),
        payload: { staffIds },
      });
    const page = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/conversations/${conversation.id}/messages`,
        headers: as('plainAdmin'),
      });
    expect((await page()).statusCode).toBe(404);

    const named = await members('openAdmin', [plainAdmin.id]);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().conversation.staff.map((person: { id: string }) => person.id)).toEqual([
      plainAdmin.id,
    ]);
    expect((await page()).statusCode).toBe(200);
    // Named, but not one who reaches every conversation: may not draw others in.
    expect((await members('plainAdmin', [admitAdmin.id])).statusCode).toBe(403);

    const unknown = await members('advocate', [crypto.randomUUID()]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ staffIds: MESSAGE_MESSAGES.staffNotFound });

    expect((await members('advocate', [])).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(404);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: `/api/conversations/${crypto.randomUUID()}/members`,
      headers: as('advocate'),
      payload: { staffIds: [] },
    });
    expect(missing.statusCode).toBe(404);

    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'conversation.members_changed'))
      .orderBy(auditLog.createdAt);
    expect(
      rows
        .filter((row) => row.details.conversationId === conversation.id)
        .map((row) => [row.actorId, row.targetUserId, row.details.added, row.details.removed]),
    ).toEqual([
      [openAdmin.id, otieno.id, [plainAdmin.id], []],
      [advocate.id, otieno.id, [], [plainAdmin.id]],
    ]);
  });
});

describe('the first message with attachments (multipart)', () => {
  it('stores the files with the first message, named staff and all', async () => {
    const own = await seedCase(ctx, otieno.id);
    const before = storedFiles(ctx);
    const response = await startWithFiles(
      'advocate',
      [
        ['subject', 'Signed agreement'],
        ['clientId', otieno.id],
        ['caseId', own.id],
        ['body', 'Please sign both pages\r\nand send them back.'],
        ['staffIds', openAdmin.id],
      ],
      [
        { name: 'agreement.pdf', bytes: PDF_BYTES },
        { name: 'stamp.png', bytes: PNG_BYTES },
      ],
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<ConversationCreated>();
    expect(created.conversation).toMatchObject({ subject: 'Signed agreement', caseId: own.id });
    expect(created.conversation.staff.map((person) => person.id).sort()).toEqual(
      [advocate.id, openAdmin.id].sort(),
    );
    expect(created.sent.body).toBe('Please sign both pages\nand send them back.');
    expect(created.sent.attachments.map((file) => [file.name, file.type])).toEqual([
      ['agreement.pdf', 'application/pdf'],
      ['stamp.png', 'image/png'],
    ]);
    expect(storedFiles(ctx)).toEqual(
      [...before, ...created.sent.attachments.map((file) => file.id)].sort(),
    );

    // The client opens it: the first message carries both files, and they download.
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/conversations/${created.conversation.id}/messages`,
      headers: as('otieno'),
    });
    const [first] = view.json<MessagePage>().messages;
    expect(first!.attachments.map((file) => file.name)).toEqual(['agreement.pdf', 'stamp.png']);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/conversations/${created.conversation.id}/attachments/${first!.attachments[0]!.id}`,
      headers: as('otieno'),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('lets a client start one with only a file', async () => {
    const response = await startWithFiles(
      'wanjiru',
      [['subject', 'The deed']],
      [{ name: 'deed.pdf', bytes: PDF_BYTES }],
    );
    expect(response.statusCode, response.body).toBe(201);
    const { sent } = response.json<ConversationCreated>();
    expect(sent.body).toBeNull();
    expect(sent.attachments.map((file) => file.name)).toEqual(['deed.pdf']);
  });

  it('refuses a bad file, a large one, too many, and bad fields, leaving no file and no conversation', async () => {
    const before = storedFiles(ctx);
    const count = await conversationCount();
    const fields: [string, string][] = [
      ['subject', 'Papers'],
      ['clientId', wanjiru.id],
      ['body', 'See attached'],
    ];
    const pdf = { name: 'ok.pdf', bytes: PDF_BYTES };
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(1.5 * 1024 * 1024, 0x20)]);
    const cases: [string, Awaited<ReturnType<typeof startWithFiles>>, number, string][] = [
      [
        'type',
        await startWithFiles('advocate', fields, [pdf, { name: 'run.exe', bytes: exe }]),
        415,
        CASE_MESSAGES.fileTypeNotAllowed,
      ],
      [
        'size',
        await startWithFiles('advocate', fields, [pdf, { name: 'big.pdf', bytes: big }]),
        413,
        CASE_MESSAGES.fileTooLarge(1),
      ],
      [
        'count',
        await startWithFiles(
          'advocate',
          fields,
          Array.from({ length: 6 }, () => pdf),
        ),
        413,
        MESSAGE_MESSAGES.tooManyFiles(5),
      ],
      // Refused after the files arrived: they go too.
      [
        'client',
        await startWithFiles(
          'advocate',
          [
            ['subject', 'Papers'],
            ['clientId', plainAdmin.id],
            ['body', 'Hi'],
          ],
          [pdf],
        ),
        400,
        MESSAGE_MESSAGES.clientNotFound,
      ],
      [
        'case',
        await startWithFiles('advocate', [...fields, ['caseId', crypto.randomUUID()]], [pdf]),
        400,
        MESSAGE_MESSAGES.caseNotFound,
      ],
      [
        'staff',
        await startWithFiles('advocate', [...fields, ['staffIds', crypto.randomUUID()]], [pdf]),
        400,
        MESSAGE_MESSAGES.staffNotFound,
      ],
      [
        'subject',
        await startWithFiles(
          'advocate',
          [
            ['subject', '  '],
            ['clientId', wanjiru.id],
          ],
          [pdf],
        ),
        400,
        MESSAGE_MESSAGES.subjectRequired,
      ],
      [
        'body',
        await startWithFiles('advocate', [...fields.slice(0, 2), ['body', 'bell\u0007']], [pdf]),
        400,
        'body',
      ],
      [
        'denied',
        await startWithFiles('plainAdmin', fields, [pdf]),
        403,
        DENIED_TEXTS['messages:start'],
      ],
    ];
    for (const [what, response, status, message] of cases) {
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      if (what === 'body') expect(response.json().errors).toHaveProperty('body');
      else expect(response.json().message, what).toBe(message);
    }
    expect(storedFiles(ctx)).toEqual(before);
    expect(await conversationCount()).toBe(count);
  });
});

describe('one client’s conversations (?clientId=)', () => {
  it('lists only that client’s, within what the caller reaches; a client naming another sees none', async () => {
    const a = await seedConversation(ctx, wanjiru.id, { subject: 'For the client page' });
    const b = await seedConversation(ctx, wanjiru.id, { members: [plainAdmin.id] });
    const other = await seedConversation(ctx, otieno.id);

    const byAdvocate = await list('advocate', `clientId=${wanjiru.id}&limit=100`);
    const ids = byAdvocate.conversations.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([a.conversation.id, b.conversation.id]));
    expect(ids).not.toContain(other.conversation.id);
    expect(byAdvocate.conversations.every((c) => c.clientId === wanjiru.id)).toBe(true);

    // Only those of hers they are named on (another test here named them on one more).
    const byNamed = await list('plainAdmin', `clientId=${wanjiru.id}&limit=100`);
    const namedIds = byNamed.conversations.map((c) => c.id);
    expect(namedIds).toContain(b.conversation.id);
    expect(namedIds).not.toContain(a.conversation.id);
    expect(byNamed.conversations.every((c) => c.clientId === wanjiru.id)).toBe(true);

    const byOtherClient = await list('otieno', `clientId=${wanjiru.id}`);
    expect(byOtherClient).toMatchObject({ total: 0, conversations: [] });
    const ownAsClient = await list('wanjiru', `clientId=${wanjiru.id}&limit=100`);
    expect(ownAsClient.conversations.map((c) => c.id)).toContain(a.conversation.id);

    const invalid = await ctx.app.inject({
      method: 'GET',
      url: '/api/conversations?clientId=nope',
      headers: as('advocate'),
    });
    expect(invalid.statusCode).toBe(400);
  });
});
