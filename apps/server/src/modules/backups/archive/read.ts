import type { Readable } from 'node:stream';
import tar from 'tar-stream';
import { BACKUP_ARCHIVE_TEXTS as TEXTS } from '@firm/shared';
import { readEncryptedFile } from './envelope';
import { BackupError } from './errors';
import { ARCHIVE_PATHS } from './layout';
import type { BackupManifest } from './manifest';

/** Walks the archive's tar entries in order; `onEntry` must read or drain each one. */
export async function walkArchive(
  plain: Readable,
  onEntry: (name: string, body: AsyncIterable<unknown>, size: number) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  plain.on('error', (error) => extract.destroy(error));
  plain.pipe(extract as unknown as NodeJS.WritableStream);
  try {
    for await (const entry of extract) {
      await onEntry(entry.header.name, entry, entry.header.size ?? 0);
      entry.resume();
    }
  } finally {
    // Stopped early (a refusal): the decryption and its file handle end here, not at exit.
    plain.destroy();
  }
}

export async function readAll(body: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function parseManifest(bytes: Buffer, file: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  } catch (error) {
    throw new BackupError(TEXTS.noManifest(file), { cause: error });
  }
  if (manifest.format !== 1) throw new BackupError(TEXTS.unknownFormat(manifest.format));
  return manifest;
}

/**
 * The archive's manifest. It is the last entry, so the whole archive is decrypted and every
 * chunk's authentication checked on the way: a manifest read is also a proof the file is whole.
 */
export async function readBackupManifest(options: {
  file: string;
  passphrase: string;
}): Promise<BackupManifest> {
  if (!options.passphrase) throw new BackupError(TEXTS.passphraseMissing);
  return readEncryptedFile(options, async (plain) => {
    let manifest: BackupManifest | undefined;
    await walkArchive(plain, async (name, body) => {
      if (name === ARCHIVE_PATHS.manifest)
        manifest = parseManifest(await readAll(body), options.file);
    });
    if (!manifest) throw new BackupError(TEXTS.noManifest(options.file));
    return manifest;
  });
}
