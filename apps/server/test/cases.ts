import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CaseStatus } from '@firm/shared';
import { formatCaseNumber } from '@firm/shared';
import type { CaseRow, NewCaseRow } from '../src/db/schema';
import { caseNotes } from '../src/db/schema';
import { insertCase, nextCaseSequence } from '../src/modules/cases/cases.repository';
import { insertDocument } from '../src/modules/cases/case-contents.repository';
import type { TestContext } from './helpers';

/** Test data for cases, straight into the database (tests of the API itself go through inject). */

export async function seedCase(
  ctx: TestContext,
  clientId: string,
  overrides: Partial<NewCaseRow> & { status?: CaseStatus } = {},
): Promise<CaseRow> {
  return ctx.database.db.transaction(async (tx) => {
    const year = new Date().getUTCFullYear();
    const caseNumber = formatCaseNumber(year, await nextCaseSequence(tx, year));
    return insertCase(tx, {
      caseNumber,
      title: 'Land dispute over plot LR 209/1234',
      description: 'The neighbour has fenced off part of the plot.',
      category: 'property',
      priority: 'medium',
      clientId,
      ...(overrides.status === 'closed' ? { closedAt: new Date() } : {}),
      ...overrides,
    });
  });
}

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A document on disk and in the database, as an upload would leave it. */
export async function seedDocument(
  ctx: TestContext,
  caseId: string,
  options: { visibleToClient?: boolean; name?: string; bytes?: Buffer; uploadedBy?: string } = {},
) {
  const id = randomUUID();
  const bytes = options.bytes ?? PDF_BYTES;
  mkdirSync(ctx.config.documentsDir, { recursive: true });
  writeFileSync(path.join(ctx.config.documentsDir, id), bytes);
  return insertDocument(ctx.database.db, {
    id,
    caseId,
    name: options.name ?? 'plaint.pdf',
    mimeType: 'application/pdf',
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    uploadedBy: options.uploadedBy ?? null,
    visibleToClient: options.visibleToClient ?? true,
  });
}

export async function seedNote(
  ctx: TestContext,
  caseId: string,
  options: { visibleToClient?: boolean; content?: string } = {},
) {
  const [row] = await ctx.database.db
    .insert(caseNotes)
    .values({
      caseId,
      authorName: 'Test advocate',
      content: options.content ?? 'Called the client.',
      visibleToClient: options.visibleToClient ?? false,
      sharedAt: options.visibleToClient ? new Date() : null,
    })
    .returning();
  return row!;
}

/** A multipart/form-data body with one file in field "file". */
export function multipartFile(
  fileName: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----firm-test-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The files in DOCUMENTS_DIR, sorted: what an upload left behind (none after a refusal). */
export const storedFiles = (ctx: TestContext): string[] =>
  existsSync(ctx.config.documentsDir) ? readdirSync(ctx.config.documentsDir).sort() : [];
