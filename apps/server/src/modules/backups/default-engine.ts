import type { WriteBackupArchive } from './backup-engine';
import { writeBackupArchive } from './archive';

/** The archive engine the product uses (archive/, ADR 039); tests of the runs' rules pass a double. */
export const defaultWriteArchive: WriteBackupArchive = writeBackupArchive;
