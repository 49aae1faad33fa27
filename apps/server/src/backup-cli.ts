import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BACKUP_CLI,
  BACKUP_MESSAGES,
  backupSizeText,
  formatNairobiDateTime,
  type BackupRun,
} from '@firm/shared';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import {
  CHANNEL_TOKEN_HEADER,
  readChannelFile,
  type ChannelFile,
} from './modules/backups/backup-channel';
import { findRun } from './modules/backups/backups.repository';
import { BackupRefusal, runBackup } from './modules/backups/backups.service';
import { toBackupRun } from './modules/backups/backups.answers';
import { defaultWriteArchive } from './modules/backups/default-engine';

/**
 * `npm run backup` (ADR 039): one archive now, while the server runs or not. On PostgreSQL it
 * claims and writes the archive itself (the claim is in the shared database); on the embedded
 * database it asks the running server through its local channel (backup-channel.ts), or, with
 * no server running, opens the database itself. Prints one line: where the archive is, its size
 * and time, or why there is none. Exit code 0 only for a written archive.
 */

const say = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string): never => {
  process.stderr.write(`${line}\n`);
  process.exit(1);
};

function report(run: BackupRun, config: Config): never {
  if (run.status === 'succeeded' && run.fileName && run.sizeBytes !== null) {
    say(
      BACKUP_CLI.done(
        path.join(config.backupDir, run.fileName),
        backupSizeText(run.sizeBytes),
        formatNairobiDateTime(run.finishedAt ?? run.startedAt),
      ),
    );
    process.exit(0);
  }
  return fail(BACKUP_CLI.failed(run.error ?? BACKUP_MESSAGES.interrupted));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Asks the running server for a backup (or joins the one under way) and follows it to its end. */
async function throughServer(channel: ChannelFile, config: Config): Promise<never> {
  const headers = { [CHANNEL_TOKEN_HEADER]: channel.token };
  say(BACKUP_CLI.viaServer);
  const started = await fetch(`${channel.url}/api/internal/backups`, { method: 'POST', headers });
  const body = (await started.json()) as { run?: BackupRun; code?: string; runId?: string };
  let runId: string | undefined;
  if (started.status === 202) runId = body.run?.id;
  else if (body.code === 'BACKUP_RUNNING' && body.runId) {
    say(BACKUP_CLI.joined);
    runId = body.runId;
  } else if (body.code === 'BACKUP_PASSPHRASE_MISSING') fail(BACKUP_MESSAGES.noPassphrase);
  if (!runId) return fail(BACKUP_CLI.failed(BACKUP_MESSAGES.channelRefused));
  for (;;) {
    const answer = await fetch(`${channel.url}/api/internal/backups/${runId}`, { headers }).catch(
      () => fail(BACKUP_CLI.serverGone),
    );
    if (answer.status !== 200) return fail(BACKUP_CLI.failed(BACKUP_MESSAGES.channelRefused));
    const run = (await answer.json()) as BackupRun;
    if (run.status !== 'running') return report(run, config);
    await sleep(1000);
  }
}

/** Claims and writes the archive in this process; a run under way elsewhere is followed instead. */
async function itself(config: Config): Promise<never> {
  const logger = pino({ level: 'warn' }, pino.destination(2));
  let database;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (error) {
    if (error instanceof DataDirInUseError) return fail(BACKUP_CLI.noServerChannel);
    throw error;
  }
  try {
    const deps = { database, config, logger, writeArchive: defaultWriteArchive };
    try {
      const run = await runBackup(deps, { trigger: 'command' });
      const row = await findRun(database.db, run.id);
      return report(toBackupRun(row ?? { ...run, requestedByName: null }), config);
    } catch (error) {
      if (!(error instanceof BackupRefusal) || error.reason !== 'running' || !error.run)
        throw error;
      say(BACKUP_CLI.joined);
      for (;;) {
        const row = await findRun(database.db, error.run.id);
        if (row && row.status !== 'running') return report(toBackupRun(row), config);
        await sleep(1000);
      }
    }
  } finally {
    await database.close();
  }
}

async function main(): Promise<never> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  if (!config.backupPassphrase) return fail(BACKUP_CLI.noPassphrase);
  if (!config.databaseUrl) {
    const channel = readChannelFile(config.dataDir);
    if (channel && channel.pid !== process.pid && isAlive(channel.pid)) {
      return throughServer(channel, config);
    }
  }
  return itself(config);
}

main().catch((error: unknown) =>
  fail(
    BACKUP_CLI.failed(
      error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
    ),
  ),
);
