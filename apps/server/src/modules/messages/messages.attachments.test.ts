import { CASE_MESSAGES, MESSAGE_MESSAGES, type MessageSent } from '@firm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { caseDocuments, caseEvents, messages } from '../../db/schema';
import { PDF_BYTES, PNG_BYTES, seedCase, storedFiles } from '../../../test/cases';
import { multipartMessage, seedAttachment, seedConversation } from '../../../test/messages';
import { useMessagesTestContext, ctx, wanjiru, as } from './messages-test-kit';

/**
 * The rules of secure messaging beyond the role table (messages.access.test.ts), ADR 020:
 * attachments.
 */

useMessagesTestContext();

describe('attachments', () => {
  it('stores a multipart body’s line breaks as typed (browsers send them as CRLF)', async () => {
    const { conversation } = await seedConversation(ctx, wanjiru.id);
    const form = multipartMessage('First line\r\nsecond line', [
      { name: 'deed.pdf', bytes: PDF_BYTES },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: { ...as('wanjiru'), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<MessageSent>().sent.body).toBe('First line\nsecond line');
  });

  it('stores files sent with a message and serves them as downloads', async () => {
    const { conversation } = await seedConversation(ctx, wanjiru.id);
    const before = storedFiles(ctx).length;
    const form = multipartMessage('The deed and a photo', [
      { name: 'deed.pdf', bytes: PDF_BYTES },
      { name: 'photo.png', bytes: PNG_BYTES },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: { ...as('wanjiru'), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const sent = response.json<MessageSent>().sent;
    expect(sent.body).toBe('The deed and a photo');
    expect(sent.attachments.map((a) => [a.name, a.type])).toEqual([
      ['deed.pdf', 'application/pdf'],
      ['photo.png', 'image/png'],
    ]);
    expect(storedFiles(ctx).length).toBe(before + 2);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/attachments/${sent.attachments[0]!.id}`,
      headers: as('advocate'),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment; filename="deed.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    // Another client: as if it did not exist.
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/attachments/${sent.attachments[0]!.id}`,
      headers: as('otieno'),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a file type, a file too large, and too many files, leaving no file behind', async () => {
    const { conversation } = await seedConversation(ctx, wanjiru.id);
    const before = storedFiles(ctx).sort();
    const post = (form: ReturnType<typeof multipartMessage>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/messages`,
        headers: { ...as('wanjiru'), ...form.headers },
        payload: form.payload,
      });
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const badType = await post(
      multipartMessage('See', [
        { name: 'ok.pdf', bytes: PDF_BYTES },
        { name: 'run.exe', bytes: exe },
      ]),
    );
    expect(badType.statusCode).toBe(415);
    expect(badType.json().message).toBe(CASE_MESSAGES.fileTypeNotAllowed);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(1.5 * 1024 * 1024, 0x20)]);
    const tooLarge = await post(multipartMessage('See', [{ name: 'big.pdf', bytes: big }]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(CASE_MESSAGES.fileTooLarge(1));
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, bytes: PDF_BYTES }));
    const tooMany = await post(multipartMessage('See', six));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(MESSAGE_MESSAGES.tooManyFiles(5));
    const longBody = await post(
      multipartMessage('x'.repeat(20_001), [{ name: 'ok.pdf', bytes: PDF_BYTES }]),
    );
    expect(longBody.statusCode).toBe(400);
    expect(longBody.json().errors).toHaveProperty('body');
    const empty = await post(multipartMessage(null, []));
    expect(empty.statusCode).toBe(400);
    expect(storedFiles(ctx).sort()).toEqual(before);
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .where(eq(messages.conversationId, conversation.id));
    expect(count!.n).toBe(1);
  });

  it('removes a withdrawn message’s files', async () => {
    const { conversation } = await seedConversation(ctx, wanjiru.id);
    const form = multipartMessage(null, [{ name: 'deed.pdf', bytes: PDF_BYTES }]);
    const sent = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/messages`,
        headers: { ...as('wanjiru'), ...form.headers },
        payload: form.payload,
      })
    ).json<MessageSent>().sent;
    const fileId = sent.attachments[0]!.id;
    expect(storedFiles(ctx)).toContain(fileId);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/messages/${sent.id}/withdraw`,
      headers: as('wanjiru'),
    });
    expect(storedFiles(ctx)).not.toContain(fileId);
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/attachments/${fileId}`,
      headers: as('wanjiru'),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('files an attachment to the conversation’s case with a timeline event', async () => {
    const own = await seedCase(ctx, wanjiru.id);
    const { conversation, message } = await seedConversation(ctx, wanjiru.id, { caseId: own.id });
    await ctx.database.db
      .update(messages)
      .set({ attachmentCount: 1 })
      .where(eq(messages.id, message.id));
    const attachment = await seedAttachment(ctx, message);
    const url = `/api/conversations/${conversation.id}/attachments/${attachment.id}/file-to-case`;
    const response = await ctx.app.inject({ method: 'POST', url, headers: as('openAdmin') });
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json().document;
    expect(document).toMatchObject({ name: 'title-deed.pdf', visibleToClient: true });
    expect(storedFiles(ctx)).toContain(document.id);
    const [row] = await ctx.database.db
      .select()
      .from(caseDocuments)
      .where(eq(caseDocuments.id, document.id));
    expect(row?.caseId).toBe(own.id);
    const events = await ctx.database.db
      .select()
      .from(caseEvents)
      .where(and(eq(caseEvents.caseId, own.id), eq(caseEvents.type, 'documents_uploaded')));
    expect(events).toHaveLength(1);

    const general = await seedConversation(ctx, wanjiru.id);
    const loose = await seedAttachment(ctx, general.message);
    const noCase = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${general.conversation.id}/attachments/${loose.id}/file-to-case`,
      headers: as('advocate'),
    });
    expect(noCase.statusCode).toBe(409);
    expect(noCase.json().message).toBe(MESSAGE_MESSAGES.noCase);
  });
});
