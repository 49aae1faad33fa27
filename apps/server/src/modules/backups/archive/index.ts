/**
 * The backup archive (ADR 039): one encrypted file holding a consistent dump of the database,
 * every stored document and attachment, and the keys the data depends on, with a manifest.
 * `writeBackupArchive` runs inside the server (the embedded database has one process);
 * `restoreBackupArchive` brings an archive back into an empty target (`npm run restore`).
 */
export { BackupError } from './errors';
export type { BackupManifest, BackupProgress } from './manifest';
export { MIN_PASSPHRASE_LENGTH, writeBackupArchive, type WriteBackupOptions } from './write';
export { readBackupManifest } from './read';
export { restoreBackupArchive, type RestoreReport, type RestoreTarget } from './restore';
