import { BACKUP_ARCHIVE_TEXTS } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { asWriteError, BackupError } from './errors';

const failure = (code: string, message = 'raw system message') =>
  Object.assign(new Error(message), { code });

describe('asWriteError', () => {
  it('says the disk is full, in one line naming the folder, for ENOSPC and a full quota', () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const error = asWriteError(failure(code), '/srv/backups/firm.backup');
      expect(error).toBeInstanceOf(BackupError);
      expect(error.message).toBe(BACKUP_ARCHIVE_TEXTS.diskFull('/srv/backups'));
      expect(error.message).not.toContain('\n');
    }
  });

  it('names a folder that may not be written and a stop', () => {
    expect(asWriteError(failure('EACCES'), '/srv/backups/a').message).toBe(
      BACKUP_ARCHIVE_TEXTS.noPermission('/srv/backups'),
    );
    expect(asWriteError(new DOMException('stopped', 'AbortError'), '/srv/backups/a').message).toBe(
      BACKUP_ARCHIVE_TEXTS.aborted,
    );
  });

  it('keeps only the first line of anything else', () => {
    const error = asWriteError(new Error('socket hang up\n    at Socket.<anonymous>'), '/b/a');
    expect(error.message).toBe(BACKUP_ARCHIVE_TEXTS.writeFailed('socket hang up'));
  });
});
