// `npm run restore -- <archive>`: brings a backup archive back into an empty target (ADR 039).
// DATA_DIR (and DOCUMENTS_DIR) or DATABASE_URL name the target, as for the server;
// BACKUP_PASSPHRASE opens the archive. Prints one line on refusal, the report on success.
import path from 'node:path';
import { BACKUP_ARCHIVE_TEXTS as TEXTS } from '@firm/shared';
import { ConfigError, loadConfig } from './config';
import { BackupError, restoreBackupArchive } from './modules/backups/archive';

async function main(): Promise<number> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0 || file.startsWith('-')) {
    process.stderr.write(`${TEXTS.restoreUsage}\n`);
    return 2;
  }
  const passphrase = process.env.BACKUP_PASSPHRASE;
  if (!passphrase) {
    process.stderr.write(`${TEXTS.passphraseMissing}\n`);
    return 1;
  }
  const config = loadConfig();
  // npm runs scripts from the repository's root; the path is the operator's, from where they were.
  const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const report = await restoreBackupArchive({
    file: archive,
    passphrase,
    target: {
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      documentsDir: config.documentsDir,
    },
  });
  process.stdout.write(
    `${TEXTS.restored({ ...report, tables: Object.keys(report.tables).length })}\n`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `${TEXTS.restoreFailed(error instanceof Error ? error.message.split('\n')[0]! : String(error))}\n`,
      );
    }
    process.exit(1);
  },
);
