/**
 * A server process frozen in the middle of a backup, for the kill -9 test
 * (modules/backups/backups.killed-process.test.ts): it starts as server.ts does (DATA_DIR or
 * DATABASE_URL from the environment), starts a backup with the real archive engine, and when the
 * engine reports its first step of documents (the archive's `.partial` file is open by then) it
 * prints FROZEN and blocks its only thread until it is killed. Not part of the product.
 */
import { writeSync } from 'node:fs';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { buildApp } from '../src/app';
import { defaultWriteArchive } from '../src/modules/backups/default-engine';

const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const app = await buildApp({
  config,
  database,
  logger: false,
  retentionSchedule: false,
  appointmentReminders: false,
  messageNotices: false,
  storedFilesSweep: false,
  backups: {
    schedule: false,
    writeArchive: (options) =>
      defaultWriteArchive({
        ...options,
        onProgress: (progress) => {
          options.onProgress?.(progress);
          if (progress.step !== 'files') return;
          // Synchronously: no other work of this process runs after the line is out.
          writeSync(1, `FROZEN ${process.pid}\n`);
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
        },
      }),
  },
});
await app.ready();
const { run } = await app.backups.start({ trigger: 'command' });
process.stdout.write(`STARTED ${run.id}\n`);
