import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pack } from 'tar-stream';

/** An entry as the manifest lists it. */
export interface WrittenEntry {
  path: string;
  bytes: number;
  sha256: string;
}

/** Resolves once the pack has taken the entry; rejects if the pack is destroyed first. */
function packed(pack: Pack, add: (done: (error?: Error | null) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const onClose = () => reject(new Error('The archive stream was closed'));
    pack.once('close', onClose);
    add((error) => {
      pack.off('close', onClose);
      if (error) reject(error);
      else resolve();
    });
  });
}

export async function addBuffer(pack: Pack, name: string, bytes: Buffer): Promise<WrittenEntry> {
  await packed(pack, (done) => pack.entry({ name, size: bytes.length, mode: 0o600 }, bytes, done));
  return {
    path: name,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** Streams `source` (exactly `size` bytes) into the pack, hashing it on the way. */
export async function addStream(
  pack: Pack,
  name: string,
  size: number,
  source: Readable,
  onBytes?: (count: number) => void,
  signal?: AbortSignal,
): Promise<WrittenEntry> {
  const hash = createHash('sha256');
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      onBytes?.(chunk.length);
      done(null, chunk);
    },
  });
  let entryDone!: Promise<void>;
  const entry = await new Promise<NodeJS.WritableStream>((resolve) => {
    entryDone = packed(pack, (done) => resolve(pack.entry({ name, size, mode: 0o600 }, done)));
  });
  await Promise.all([pipeline(source, measure, entry, signal ? { signal } : {}), entryDone]);
  return { path: name, bytes: size, sha256: hash.digest('hex') };
}
