import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  conversationMembers,
  conversations,
  messageAttachments,
  messages,
  type ConversationRow,
  type MessageRow,
} from '../src/db/schema';
import { PDF_BYTES } from './cases';
import type { TestContext } from './helpers';

/** Test data for messaging, straight into the database (the API tests go through inject). */

export async function seedConversation(
  ctx: TestContext,
  clientId: string,
  options: {
    caseId?: string | null;
    members?: string[];
    subject?: string;
    /** The first message's sender; the client when not given. */
    senderId?: string;
    body?: string;
    createdAt?: Date;
  } = {},
): Promise<{ conversation: ConversationRow; message: MessageRow }> {
  const db = ctx.database.db;
  const createdAt = options.createdAt ?? new Date();
  const [conversation] = await db
    .insert(conversations)
    .values({
      clientId,
      caseId: options.caseId ?? null,
      subject: options.subject ?? 'Title deed for plot LR 209/1234',
      createdBy: options.senderId ?? clientId,
      createdAt,
      lastMessageAt: createdAt,
    })
    .returning();
  if (options.members?.length) {
    await db
      .insert(conversationMembers)
      .values(options.members.map((userId) => ({ conversationId: conversation!.id, userId })));
  }
  const senderId = options.senderId ?? clientId;
  const [message] = await db
    .insert(messages)
    .values({
      conversationId: conversation!.id,
      senderId,
      fromClient: senderId === clientId,
      body: options.body ?? 'Please find the title deed attached.',
      createdAt,
    })
    .returning();
  return { conversation: conversation!, message: message! };
}

/** A PDF attached to a message, on disk and in the database. */
export async function seedAttachment(
  ctx: TestContext,
  message: Pick<MessageRow, 'id' | 'conversationId'>,
  options: { name?: string; bytes?: Buffer; position?: number } = {},
) {
  const id = randomUUID();
  const bytes = options.bytes ?? PDF_BYTES;
  mkdirSync(ctx.config.documentsDir, { recursive: true });
  writeFileSync(path.join(ctx.config.documentsDir, id), bytes);
  const [row] = await ctx.database.db
    .insert(messageAttachments)
    .values({
      id,
      messageId: message.id,
      conversationId: message.conversationId,
      position: options.position ?? 0,
      name: options.name ?? 'title-deed.pdf',
      mimeType: 'application/pdf',
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    })
    .returning();
  return row!;
}

/** A multipart body with an optional "body" field and any number of "file" parts. */
export function multipartMessage(
  body: string | null,
  files: { name: string; bytes: Buffer; type?: string }[],
): { payload: Buffer; headers: Record<string, string> } {
  return multipartForm(body === null ? [] : [['body', body]], files);
}

/** A multipart body with text fields (in order; a name may repeat) and "file" parts after them. */
export function multipartForm(
  fields: [name: string, value: string][],
  files: { name: string; bytes: Buffer; type?: string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----firm-test-${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
