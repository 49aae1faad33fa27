import path from 'node:path';
import { BACKUP_ARCHIVE_TEXTS as TEXTS } from '@firm/shared';

/** A backup or restore that stopped; its message is one line an operator understands (ADR 039). */
export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupError';
  }
}

const code = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/**
 * The failure of writing `file` in a person's words: a full disk, a folder that cannot be
 * written, a stop; anything else by its own first line, never a stack trace.
 */
export function asWriteError(error: unknown, file: string): BackupError {
  if (error instanceof BackupError) return error;
  const dir = path.dirname(file);
  switch (code(error)) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new BackupError(TEXTS.diskFull(dir), { cause: error });
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new BackupError(TEXTS.noPermission(dir), { cause: error });
    case 'ENOENT':
      return new BackupError(TEXTS.folderMissing(dir), { cause: error });
    case 'ABORT_ERR':
      return new BackupError(TEXTS.aborted, { cause: error });
  }
  if ((error as Error | null)?.name === 'AbortError') {
    return new BackupError(TEXTS.aborted, { cause: error });
  }
  return new BackupError(TEXTS.writeFailed(firstLine(error)), { cause: error });
}

/** The first line of an error's message, without a trailing full stop. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').trim().replace(/\.$/, '') || 'unknown error';
}
