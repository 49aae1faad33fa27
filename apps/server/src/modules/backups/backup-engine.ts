import type { Config } from '../../config';
import type { Database } from '../../db/client';

/**
 * What the backup runs need of the archive engine (archive/index.ts, ADR 039): its
 * `writeBackupArchive`, passed in so that the tests of the runs' rules (claims, leases, retention,
 * alerts) can stand a double in for it. The product and the end-to-end tests use the real one.
 */
export type WriteBackupArchive = (opts: {
  database: Database;
  config: Config;
  passphrase: string;
  file: string;
  signal?: AbortSignal;
  onProgress?: (p: { step: string; done: number; total: number }) => void;
}) => Promise<{ sizeBytes: number }>;
