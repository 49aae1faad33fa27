import type { WriteBackupArchive } from './backup-engine';

/**
 * The archive engine the product uses. Until the engine's branch (archive/) is merged, a run
 * fails with this line rather than pretending to have written an archive.
 */
export const defaultWriteArchive: WriteBackupArchive = async () => {
  const error = new Error('The backup engine is not installed in this build.');
  error.name = 'BackupError';
  throw error;
};
