import { existsSync, statSync, statfsSync } from 'node:fs';
import path from 'node:path';

/** DATA_DIR cannot hold the database: the message names the variable and says why. */
export class DataDirError extends Error {
  constructor(dataDir: string, reason: string) {
    super(`DATA_DIR ${dataDir} cannot be used: ${reason}. Set DATA_DIR to a writable directory.`);
    this.name = 'DataDirError';
  }
}

/** Kernel filesystems that look like directories but hold no files of ours (statfs f_type). */
const VIRTUAL_FILESYSTEMS = new Map<number, string>([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x1cd1, 'devpts'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
]);
const VIRTUAL_PREFIXES = ['/proc', '/sys', '/dev'];

/**
 * Refuses a DATA_DIR that can never work, before anything is created in it. Node's recursive
 * mkdir loops forever (100 % CPU) under /proc, so this must run first: it looks at the nearest
 * part of the path that exists instead.
 */
export function assertUsableDataDir(dataDir: string): void {
  const resolved = path.resolve(dataDir);
  if (VIRTUAL_PREFIXES.some((prefix) => resolved === prefix || resolved.startsWith(`${prefix}/`))) {
    throw new DataDirError(resolved, 'it is inside a system directory');
  }
  let existing = resolved;
  while (!existsSync(existing) && path.dirname(existing) !== existing) {
    existing = path.dirname(existing);
  }
  const stat = statSync(existing);
  if (!stat.isDirectory()) {
    throw new DataDirError(resolved, `${existing} is not a directory`);
  }
  const filesystem = VIRTUAL_FILESYSTEMS.get(Number(statfsSync(existing).type));
  if (filesystem) {
    throw new DataDirError(resolved, `it is on the ${filesystem} filesystem, not a disk`);
  }
}

/** A file-system error from creating or locking DATA_DIR, as a DataDirError. */
export function asDataDirError(dataDir: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reasons: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the filesystem is read-only',
    ENOSPC: 'the disk is full',
    ENOTDIR: 'part of the path is not a directory',
    ENOENT: 'the directory cannot be created',
  };
  return code && reasons[code] ? new DataDirError(path.resolve(dataDir), reasons[code]) : error;
}
