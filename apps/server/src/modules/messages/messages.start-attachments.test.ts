import {
  CASE_MESSAGES,
  DENIED_TEXTS,
  MESSAGE_MESSAGES,
  type ConversationCreated,
  type MessagePage,
} from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { PDF_BYTES, PNG_BYTES, seedCase, storedFiles } from '../../../test/cases';
import { multipartForm } from '../../../test/messages';
import {
  useConversationStartTestContext,
  ctx,
  advocate,
  openAdmin,
  plainAdmin,
  wanjiru,
  otieno,
  as,
  conversationCount,
} from './messages-start-test-kit';

/** Starting a conversation (ADR 020): the first message's attachments (multipart). */

useConversationStartTestContext();

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
