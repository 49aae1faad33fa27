import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BACKUP_ARCHIVE_TEXTS } from '@firm/shared';
import { Decrypter } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../../../test/accounts';
import {
  archiveFolder,
  removeArchiveFolders,
  serverConfig,
  TEST_PASSPHRASE,
} from '../../../../test/backups';
import { PNG_BYTES, seedCase, seedDocument } from '../../../../test/cases';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { seedAttachment, seedConversation } from '../../../../test/messages';
import type { Config } from '../../../config';
import { BackupError, readBackupManifest, writeBackupArchive } from './index';
import { HEADER_BYTES } from './envelope';
import { TEST_WORK_FACTOR_VARIABLE, writeWorkFactor } from './passphrase-stanza';
import { readJournal } from './schema-version';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// Each archive costs a scrypt (about a second) to write and one to read.
describe('writeBackupArchive and readBackupManifest', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let config: Config;
  let documentBytes: Buffer;
  let documentId: string;
  let attachmentId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    config = await serverConfig(ctx);
    const client = await seedUser(ctx, {
      role: 'client',
      email: 'nyambura.wairimu-kariuki@example.test',
      firstName: 'Nyambura',
      lastName: 'Wairimu-Kariuki',
    });
    const kase = await seedCase(ctx, client.id, { title: 'Succession Cause No. 412 of 2026' });
    documentBytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 7)]);
    documentId = (await seedDocument(ctx, kase.id, { bytes: documentBytes })).id;
    const { message } = await seedConversation(ctx, client.id, { caseId: kase.id });
    attachmentId = (await seedAttachment(ctx, message, { bytes: PNG_BYTES, name: 'deed.png' })).id;
  });
  afterAll(async () => {
    await ctx?.close();
    await removeArchiveFolders();
  });

  it('writes an archive whose manifest counts the rows and hashes every file', async () => {
    const file = path.join(archiveFolder(), 'firm.backup');
    const progress: string[] = [];
    const { manifest, sizeBytes } = await writeBackupArchive({
      database: ctx.database,
      config,
      passphrase: TEST_PASSPHRASE,
      file,
      onProgress: (p) => progress.push(p.step),
    });

    expect(readdirSync(path.dirname(file))).toEqual(['firm.backup']);
    expect(sizeBytes).toBe(readFileSync(file).length);
    expect(manifest).toMatchObject({
      format: 1,
      schemaVersion: readJournal().at(-1)!.tag,
      database: { driver: ctx.database.driver },
    });
    expect(manifest.database.tables).toMatchObject({
      users: 1,
      cases: 1,
      case_documents: 1,
      messages: 1,
      message_attachments: 1,
    });
    expect(manifest.files).toEqual(
      expect.arrayContaining([
        {
          path: `files/documents/${documentId}`,
          bytes: documentBytes.length,
          sha256: sha256(documentBytes),
        },
        {
          path: `files/documents/${attachmentId}`,
          bytes: PNG_BYTES.length,
          sha256: sha256(PNG_BYTES),
        },
        expect.objectContaining({ path: 'keys/two-factor-key' }),
      ]),
    );
    expect(progress).toContain('database');
    expect(progress).toContain('files');
    // Encrypted: neither the client's name nor the document's bytes can be read in the file.
    const raw = readFileSync(file);
    expect(raw.includes(Buffer.from('Wairimu-Kariuki'))).toBe(false);
    expect(raw.includes(documentBytes.subarray(0, 4000))).toBe(false);

    await expect(readBackupManifest({ file, passphrase: TEST_PASSPHRASE })).resolves.toEqual(
      manifest,
    );
    // Standard age inside: the library's own passphrase decryption opens it (a tar stream).
    const decrypter = new Decrypter();
    decrypter.addPassphrase(TEST_PASSPHRASE);
    const tarBytes = await decrypter.decrypt(raw.subarray(HEADER_BYTES));
    expect(Buffer.from(tarBytes.subarray(0, 20)).toString()).toContain('database/layout.json');
  });

  it('writes its passphrase stanza at age’s work factor, 2^18, outside the tests', async () => {
    // The API tests write at 2^14 (apps/server/vitest.config.ts, ADR 052); a server does not.
    const lowered = process.env[TEST_WORK_FACTOR_VARIABLE];
    delete process.env[TEST_WORK_FACTOR_VARIABLE];
    const file = path.join(archiveFolder(), 'standard.backup');
    try {
      await writeBackupArchive({
        database: ctx.database,
        config,
        passphrase: TEST_PASSPHRASE,
        file,
      });
    } finally {
      if (lowered !== undefined) process.env[TEST_WORK_FACTOR_VARIABLE] = lowered;
    }
    const ageHeader = readFileSync(file).subarray(HEADER_BYTES).toString('latin1').split('\n');
    expect(ageHeader[0]).toBe('age-encryption.org/v1');
    expect(ageHeader[1]).toMatch(/^-> scrypt [A-Za-z0-9+/]{22} 18$/);
    expect(writeWorkFactor({ NODE_ENV: 'production', [TEST_WORK_FACTOR_VARIABLE]: '14' })).toBe(18);
    await expect(readBackupManifest({ file, passphrase: TEST_PASSPHRASE })).resolves.toMatchObject({
      database: expect.anything(),
    });
  });

  it('tells a wrong passphrase apart from a damaged file', async () => {
    const file = path.join(archiveFolder(), 'firm.backup');
    await writeBackupArchive({ database: ctx.database, config, passphrase: TEST_PASSPHRASE, file });

    await expect(readBackupManifest({ file, passphrase: 'not the passphrase' })).rejects.toThrow(
      BACKUP_ARCHIVE_TEXTS.wrongPassphrase,
    );
    const bytes = readFileSync(file);
    for (const at of [120, Math.floor(bytes.length / 2), bytes.length - 10]) {
      const damaged = path.join(path.dirname(file), `damaged-${at}.backup`);
      const copy = Buffer.from(bytes);
      copy[at] = copy[at]! ^ 0x01;
      writeFileSync(damaged, copy);
      await expect(
        readBackupManifest({ file: damaged, passphrase: TEST_PASSPHRASE }),
      ).rejects.toThrow(BACKUP_ARCHIVE_TEXTS.damaged(damaged));
    }
  });

  it('leaves no file behind when stopped midway, and refuses without a passphrase', async () => {
    const folder = archiveFolder();
    const file = path.join(folder, 'firm.backup');
    const stop = new AbortController();
    await expect(
      writeBackupArchive({
        database: ctx.database,
        config,
        passphrase: TEST_PASSPHRASE,
        file,
        signal: stop.signal,
        onProgress: (p) => {
          if (p.step === 'files') stop.abort();
        },
      }),
    ).rejects.toThrow(new BackupError(BACKUP_ARCHIVE_TEXTS.aborted));
    expect(readdirSync(folder)).toEqual([]);

    await expect(
      writeBackupArchive({ database: ctx.database, config, passphrase: '', file }),
    ).rejects.toThrow(BACKUP_ARCHIVE_TEXTS.passphraseMissing);
    await expect(
      writeBackupArchive({ database: ctx.database, config, passphrase: 'short words', file }),
    ).rejects.toThrow(BACKUP_ARCHIVE_TEXTS.passphraseTooShort);
    const missing = path.join(folder, 'no-such-folder', 'firm.backup');
    await expect(
      writeBackupArchive({
        database: ctx.database,
        config,
        passphrase: TEST_PASSPHRASE,
        file: missing,
      }),
    ).rejects.toThrow(BACKUP_ARCHIVE_TEXTS.folderMissing(path.dirname(missing)));
    expect(readdirSync(folder)).toEqual([]);
    expect(existsSync(missing)).toBe(false);
  });
});
