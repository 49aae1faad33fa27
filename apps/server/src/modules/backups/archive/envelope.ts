import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';
import { BACKUP_ARCHIVE_TEXTS as TEXTS } from '@firm/shared';
import { asWriteError, BackupError } from './errors';
import { passphraseIdentity, passphraseRecipient } from './passphrase-stanza';

/**
 * The file around the archive (ADR 039): a plain first line naming the format, a line holding
 * the SHA-256 of everything after it, then the tar stream encrypted with age (passphrase, scrypt).
 * age authenticates every 64 KiB chunk, so a changed byte fails to decrypt; the outer SHA-256 is
 * what tells a wrong passphrase from a damaged file (age cannot: a changed byte in its header's
 * passphrase stanza reads as a wrong passphrase), and it stays zeros until the file is whole.
 */
const MAGIC = 'mwamba-backup 1\n';
const UNFINISHED = '0'.repeat(64);
export const HEADER_BYTES = MAGIC.length + UNFINISHED.length + 1;

const toWeb = (stream: Readable) => Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
const fromWeb = (stream: ReadableStream<Uint8Array>) =>
  Readable.fromWeb(stream as unknown as WebReadableStream<Uint8Array>);

/**
 * Encrypts `source` into `file + '.partial'`, then writes the SHA-256 line, fsyncs and renames it
 * to `file`: a file at `file` is always complete. On any failure the partial file is removed and
 * a BackupError thrown. Resolves with the archive's size in bytes.
 */
export async function writeEncryptedFile(options: {
  /** The plain bytes: a Node stream or a tar-stream pack (a streamx stream). */
  source: AsyncIterable<unknown> & { destroy(error?: Error): void };
  file: string;
  passphrase: string;
  signal?: AbortSignal;
}): Promise<number> {
  const partial = `${options.file}.partial`;
  try {
    await writeFile(partial, `${MAGIC}${UNFINISHED}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    options.source.destroy();
    throw asWriteError(error, options.file);
  }
  try {
    const encrypter = new Encrypter();
    encrypter.addRecipient(passphraseRecipient(options.passphrase));
    const plain = toWeb(Readable.from(options.source, { objectMode: false }));
    const encrypted = fromWeb(await encrypter.encrypt(plain));
    const hash = createHash('sha256');
    let size = HEADER_BYTES;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(
      encrypted,
      measure,
      createWriteStream(partial, { flags: 'r+', start: HEADER_BYTES }),
      options.signal ? { signal: options.signal } : {},
    );
    // Only now is the SHA-256 line filled in; fsync covers the whole file, whichever descriptor.
    const handle = await open(partial, 'r+');
    try {
      await handle.write(hash.digest('hex'), MAGIC.length, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, options.file);
    await syncFolder(path.dirname(options.file));
    return size;
  } catch (error) {
    options.source.destroy();
    await rm(partial, { force: true });
    throw asWriteError(error, options.file);
  }
}

/** The rename is durable once the folder is synced (not every file system allows it). */
async function syncFolder(dir: string): Promise<void> {
  const folder = await open(dir, 'r').catch(() => null);
  await folder?.sync().catch(() => {});
  await folder?.close();
}

/** The SHA-256 the file says it has, after checking it is one of ours and whole. */
async function readHeader(file: string): Promise<string> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(TEXTS.archiveMissing(file));
    }
    throw new BackupError(TEXTS.notAnArchive(file), { cause: error });
  }
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString('latin1');
    if (bytesRead < HEADER_BYTES || !text.startsWith(MAGIC) || !text.endsWith('\n')) {
      throw new BackupError(TEXTS.notAnArchive(file));
    }
    const digest = text.slice(MAGIC.length, -1);
    if (digest === UNFINISHED) throw new BackupError(TEXTS.incomplete(file));
    if (!/^[0-9a-f]{64}$/.test(digest)) throw new BackupError(TEXTS.damaged(file));
    return digest;
  } finally {
    await handle.close();
  }
}

async function bodyDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file, { start: HEADER_BYTES }), hash);
  return hash.digest('hex');
}

/**
 * Decrypts `file` and hands the plain stream to `consume`. Any failure to decrypt becomes one
 * line: a wrong passphrase when the file's bytes are those written, otherwise a damaged file.
 * A failure of `consume` itself on an intact file is passed on as it is.
 */
export async function readEncryptedFile<T>(
  options: { file: string; passphrase: string },
  consume: (plain: Readable) => Promise<T>,
): Promise<T> {
  const { file } = options;
  const expected = await readHeader(file);
  try {
    const decrypter = new Decrypter();
    decrypter.addIdentity(passphraseIdentity(options.passphrase));
    const plain = await decrypter.decrypt(
      toWeb(createReadStream(file, { start: HEADER_BYTES, highWaterMark: 1 << 20 })),
    );
    return await consume(fromWeb(plain));
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const intact = await bodyDigest(file).then(
      (digest) => digest === expected,
      () => false,
    );
    if (!intact) throw new BackupError(TEXTS.damaged(file), { cause: error });
    if (/no identity matched/i.test((error as Error).message ?? '')) {
      throw new BackupError(TEXTS.wrongPassphrase, { cause: error });
    }
    // The file is as written and opened: the failure is the consumer's own (a target refused).
    throw error;
  }
}
