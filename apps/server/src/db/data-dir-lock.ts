import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process` +
        (pid ? ` (pid ${pid})` : '') +
        '. Stop that process first, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isZombie(pid: number): boolean {
  try {
    // Field 3 of /proc/<pid>/stat is the state; the name before it is parenthesised.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false; // no procfs (macOS): rely on kill(0) alone
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process whose parent has not reaped it yet still answers kill(0).
  return !isZombie(pid);
}

function readLockPid(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * PGlite has no lock of its own, and two processes writing one data directory corrupt it. The lock
 * is a file holding our pid, created atomically (hard link of a fully written temp file), so a
 * reader never sees a half-written one. A lock whose pid is no longer running was left by a killed
 * process and is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  const tempFile = `${lockFile}.${process.pid}.tmp`;
  writeFileSync(tempFile, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(tempFile, lockFile);
        return {
          release() {
            if (readLockPid(lockFile) === process.pid) unlinkSync(lockFile);
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readLockPid(lockFile);
        if (holder !== null && holder !== process.pid && isRunning(holder)) {
          throw new DataDirInUseError(dataDir, holder);
        }
        try {
          unlinkSync(lockFile); // stale: its process is gone
        } catch (unlinkError) {
          if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
        }
      }
    }
    throw new DataDirInUseError(dataDir, readLockPid(lockFile));
  } finally {
    unlinkSync(tempFile);
  }
}
