import { rename, rm, writeFile } from 'node:fs/promises';
import type { WriteBackupArchive } from './backup-engine';

/**
 * A stand-in for the archive engine, for the tests of the runs' rules (claims, leases, results,
 * alerts, retention): it keeps the engine's promise about files (a `.partial` first, renamed when
 * complete, removed on failure) and can be held mid-write or made to fail. The real engine is
 * tested on its own branch and end to end in backups.engine.test.ts.
 */
export function fakeEngine() {
  let hold: Promise<void> | null = null;
  let release: () => void = () => {};
  const state = {
    /** The next write fails with this error after writing its partial file. */
    failWith: null as Error | null,
    calls: 0,
    bytes: 4096,
  };
  const write: WriteBackupArchive = async ({ file, signal, onProgress }) => {
    state.calls += 1;
    await writeFile(`${file}.partial`, Buffer.alloc(state.bytes, 1));
    onProgress?.({ step: 'Documents', done: 1, total: 2 });
    try {
      if (hold) {
        await Promise.race([
          hold,
          new Promise((_, reject) =>
            signal?.addEventListener('abort', () =>
              reject(Object.assign(new Error('The backup was stopped.'), { name: 'BackupError' })),
            ),
          ),
        ]);
      }
      if (state.failWith) throw state.failWith;
      await rename(`${file}.partial`, file);
      return { sizeBytes: state.bytes };
    } catch (error) {
      await rm(`${file}.partial`, { force: true });
      throw error;
    }
  };
  return {
    write,
    state,
    /** Holds every write at its midpoint until `release()`. */
    hold() {
      hold = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    release() {
      release();
      hold = null;
    },
  };
}

/** An error as the engine words a full disk (ADR 039). */
export function diskFull(dir: string): Error {
  const error = new Error(`The disk is full: ${dir} has no room left for the backup.`);
  error.name = 'BackupError';
  return error;
}
