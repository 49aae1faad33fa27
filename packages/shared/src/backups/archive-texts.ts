/**
 * What a backup or a restore says when it stops (ADR 039): one line an operator understands,
 * shown by `npm run restore`, `npm run backup` and System Settings. Never a passphrase, a
 * connection password or a stack trace.
 */
export const BACKUP_ARCHIVE_TEXTS = {
  passphraseMissing:
    'BACKUP_PASSPHRASE is not set: set it to the passphrase that encrypts the backups (at least 12 characters).',
  passphraseTooShort: 'BACKUP_PASSPHRASE is too short: use at least 12 characters.',
  diskFull: (dir: string) =>
    `The disk is full: there was no room left in ${dir} for the backup. Free some space, or keep backups elsewhere.`,
  noPermission: (dir: string) => `The backup could not be written: ${dir} may not be written to.`,
  folderMissing: (dir: string) =>
    `The backup could not be written: the folder ${dir} does not exist.`,
  aborted: 'The backup was stopped before it was complete; no archive was kept.',
  writeFailed: (reason: string) => `The backup failed: ${reason}. No archive was kept.`,
  pgDumpMissing:
    'pg_dump was not found: install the PostgreSQL client tools (version at least that of the server).',
  pgDumpFailed: (reason: string) => `pg_dump could not dump the database: ${reason}`,
  pgRestoreMissing:
    'pg_restore was not found: a backup of a PostgreSQL database needs the PostgreSQL client tools to be restored.',
  pgRestoreFailed: (reason: string) => `pg_restore could not read the database dump: ${reason}`,
  archiveMissing: (file: string) => `There is no backup archive at ${file}.`,
  notAnArchive: (file: string) => `${file} is not a backup archive of this product.`,
  incomplete: (file: string) =>
    `${file} is an incomplete backup: it was never finished and cannot be restored.`,
  wrongPassphrase: 'The passphrase does not open this backup: check BACKUP_PASSPHRASE.',
  damaged: (file: string) =>
    `${file} is damaged: its bytes are not those that were written. Restore another backup.`,
  noManifest: (file: string) => `${file} is damaged: it holds no manifest.`,
  schemaNewer: (version: string) =>
    `This backup's database schema (${version}) is newer than this version of the app knows: restore it with the version that made it, or a later one.`,
  unknownFormat: (format: unknown) =>
    `This backup's format (${String(format)}) is not one this version of the app reads.`,
  targetDataDirNotEmpty: (dir: string) =>
    `Refusing to restore: ${dir} already holds data. Restore into an empty data directory.`,
  targetDocumentsNotEmpty: (dir: string) =>
    `Refusing to restore: ${dir} already holds documents. Restore into an empty documents folder.`,
  targetDatabaseNotEmpty: (database: string) =>
    `Refusing to restore: the PostgreSQL database ${database} already holds tables. Restore into an empty database.`,
  targetDatabaseUnreachable: (reason: string) =>
    `The PostgreSQL database to restore into could not be reached: ${reason}`,
  replicationRoleDenied:
    'The PostgreSQL user may not set session_replication_role, which a restore needs to load rows whatever their order: restore as the database owner with that right (GRANT SET ON PARAMETER session_replication_role) or as a superuser.',
  checksumMismatch: (entry: string) =>
    `The backup is damaged: ${entry} does not match its SHA-256 in the manifest. Nothing was restored.`,
  entryMissing: (entry: string) =>
    `The backup is damaged: ${entry} is named in the manifest but missing. Nothing was restored.`,
  entryUnexpected: (entry: string) =>
    `The backup is damaged: ${entry} is not named in the manifest. Nothing was restored.`,
  rowCountMismatch: (table: string, expected: number, actual: number) =>
    `The backup is damaged: table ${table} holds ${actual} rows after the restore, the manifest says ${expected}. Nothing was restored.`,
  restoreFailed: (reason: string) => `The restore failed: ${reason}. Nothing was restored.`,
  restoreUsage:
    'Usage: npm run restore -- <archive file>   (DATA_DIR or DATABASE_URL name the empty target, BACKUP_PASSPHRASE opens the archive)',
  /** `npm run restore`'s report, one line each. */
  restored: (p: {
    createdAt: string;
    schemaVersion: string;
    from: string;
    to: string;
    tables: number;
    rows: number;
    files: number;
    fileBytes: number;
    keys: string[];
  }) =>
    [
      `Restored the backup made ${p.createdAt} on ${databaseName(p.from)} (schema ${p.schemaVersion}) into ${databaseName(p.to)}:`,
      `  database: ${p.tables} tables, ${count(p.rows, 'row')}, every count as in the manifest`,
      `  files: ${count(p.files, 'document or attachment', 'documents and attachments')}, ${count(p.fileBytes, 'byte')}, every SHA-256 as in the manifest`,
      `  keys: ${p.keys.length > 0 ? p.keys.join(', ') : 'none in the backup'}`,
      'Start the server on it: its start-up applies any migration newer than the backup.',
    ].join('\n'),
} as const;

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function databaseName(driver: string): string {
  return driver === 'postgres' ? 'PostgreSQL' : 'the embedded database';
}
