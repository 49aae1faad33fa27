/** What an archive says of itself (ADR 039), its last entry, `manifest.json`. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  appVersion: string;
  /** The tag of the last migration applied to the database dumped (e.g. `0037_billing_pdfs`). */
  schemaVersion: string;
  database: { driver: 'pglite' | 'postgres'; tables: Record<string, number> };
  /** Every entry but the manifest: the database's, the keys and the stored files. */
  files: { path: string; bytes: number; sha256: string }[];
}

export interface BackupProgress {
  /** `database`: tables dumped of all; `files`: bytes of stored files archived of all. */
  step: 'database' | 'files';
  done: number;
  total: number;
}
