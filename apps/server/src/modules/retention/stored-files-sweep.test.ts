import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../../test/accounts';
import { seedCase, seedDocument, storedFiles } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { expenses } from '../../db/schema';
import { seedAttachment, seedConversation } from '../../../test/messages';
import { STORED_FILE_GRACE_MS, sweepStoredFiles } from './stored-files-sweep';

/**
 * ADR 014: after a kill -9 during uploads, `.part` files stayed in DOCUMENTS_DIR. Real
 * files in the test's own DOCUMENTS_DIR, aged by setting their modification time.
 */
const HOUR_MS = 60 * 60 * 1000;

/** Writes `name` into DOCUMENTS_DIR, last modified `ageMs` ago. */
function place(ctx: TestContext, name: string, ageMs: number): string {
  mkdirSync(ctx.config.documentsDir, { recursive: true });
  const file = path.join(ctx.config.documentsDir, name);
  writeFileSync(file, 'bytes');
  age(file, ageMs);
  return file;
}

function age(file: string, ageMs: number): void {
  const when = new Date(Date.now() - ageMs);
  utimesSync(file, when, when);
}

describe('sweepStoredFiles', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const sweep = () =>
    sweepStoredFiles(
      { db: ctx.database.db, documentsDir: ctx.config.documentsDir, logger: ctx.app.log },
      new Date(),
    );

  it('deletes old .part files and old files no row names; keeps young ones, named ones and strangers', async () => {
    const old = STORED_FILE_GRACE_MS + HOUR_MS;
    const young = STORED_FILE_GRACE_MS / 4;

    const client = await seedUser(ctx, { role: 'client', email: 'client@sweep.test' });
    const document = await seedDocument(ctx, (await seedCase(ctx, client.id)).id);
    age(path.join(ctx.config.documentsDir, document.id), old);
    const { message } = await seedConversation(ctx, client.id);
    const attachment = await seedAttachment(ctx, message);
    age(path.join(ctx.config.documentsDir, attachment.id), old);
    // An expense's receipt (ADR 050) is named by its row too.
    const staff = await seedUser(ctx, { role: 'advocate', email: 'advocate@sweep.test' });
    const receipt = randomUUID();
    place(ctx, receipt, old);
    await ctx.database.db.insert(expenses).values({
      caseId: document.caseId,
      userId: staff.id,
      spentOn: '2026-11-30',
      kind: 'court_fees',
      amountKsh: 3_250,
      payee: 'Milimani Law Courts',
      paidFrom: 'firm',
      receiptName: 'Court fees receipt.pdf',
      receiptPath: receipt,
      receiptMime: 'application/pdf',
      receiptBytes: 5,
    });

    const oldPart = `${randomUUID()}.part`;
    const youngPart = `${randomUUID()}.part`;
    const oldOrphan = randomUUID();
    const youngOrphan = randomUUID();
    // A .part of a file whose row exists is still never finished (the rename precedes the commit).
    const oldPartOfNamed = `${document.id}.part`;
    place(ctx, oldPart, old);
    place(ctx, youngPart, young);
    place(ctx, oldOrphan, old);
    place(ctx, youngOrphan, young);
    place(ctx, oldPartOfNamed, old);
    // Not named as uploads are: an operator's, never ours to delete.
    place(ctx, 'README.txt', old);
    place(ctx, `${randomUUID()}.tmp`, old);
    mkdirSync(path.join(ctx.config.documentsDir, randomUUID()));

    const before = storedFiles(ctx);
    expect(await sweep()).toEqual({ partialUploads: 2, unreferencedFiles: 1 });
    const gone = [oldPart, oldOrphan, oldPartOfNamed];
    expect(storedFiles(ctx)).toEqual(before.filter((name) => !gone.includes(name)));
    expect(storedFiles(ctx)).toEqual(
      expect.arrayContaining([
        document.id,
        attachment.id,
        receipt,
        youngPart,
        youngOrphan,
        'README.txt',
      ]),
    );

    // Again: nothing left to do.
    expect(await sweep()).toEqual({ partialUploads: 0, unreferencedFiles: 0 });
  });

  it('no documents folder yet: nothing to do', async () => {
    const fresh = await sweepStoredFiles(
      {
        db: ctx.database.db,
        documentsDir: path.join(ctx.config.documentsDir, 'never-created'),
        logger: ctx.app.log,
      },
      new Date(),
    );
    expect(fresh).toEqual({ partialUploads: 0, unreferencedFiles: 0 });
  });
});

describe('the sweep at start-up', () => {
  it('runs once the app is ready: an old .part is gone, a young one stays', async () => {
    let oldPart = '';
    let youngPart = '';
    const ctx = await createTestContext(
      {},
      {
        storedFilesSweep: { firstRunDelayMs: 0 },
        beforeReady: (app) => {
          const dir = app.config.documentsDir;
          mkdirSync(dir, { recursive: true });
          oldPart = path.join(dir, `${randomUUID()}.part`);
          youngPart = path.join(dir, `${randomUUID()}.part`);
          writeFileSync(oldPart, 'half an upload');
          writeFileSync(youngPart, 'an upload in progress elsewhere');
          age(oldPart, STORED_FILE_GRACE_MS + HOUR_MS);
        },
      },
    );
    try {
      while (existsSync(oldPart)) await sleep(10);
      expect(existsSync(youngPart)).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
