import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { BACKUP_ARCHIVE_TEXTS as TEXTS } from '@firm/shared';
import { migrationsFolder } from '../../../db/client';
import { BackupError } from './errors';
import { columnList, quoteIdent, type DatabaseLayout } from './layout';
import type { TargetSession } from './restore-target';
import { readJournal } from './schema-version';

const escapeLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The archive's schema version's place in this app's migrations; refuses one it lacks. */
export function assertKnownVersion(schemaVersion: string): number {
  const index = readJournal().findIndex((entry) => entry.tag === schemaVersion);
  if (index < 0) throw new BackupError(TEXTS.schemaNewer(schemaVersion));
  return index;
}

/**
 * Brings the empty target to the archive's schema version with the app's own migrations, as
 * drizzle's migrator records them (`drizzle.__drizzle_migrations`), so the server's start-up
 * applies any later ones after the rows are in. Refuses a version this app does not know.
 */
export async function migrateToVersion(session: TargetSession, schemaVersion: string) {
  const index = assertKnownVersion(schemaVersion);
  const migrations = readMigrationFiles({ migrationsFolder }).slice(0, index + 1);
  await session.exec('create schema if not exists drizzle');
  await session.exec(
    `create table if not exists drizzle.__drizzle_migrations (
       id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of migrations) {
    for (const statement of migration.sql) {
      if (statement.trim()) await session.exec(statement);
    }
    await session.exec(
      `insert into drizzle.__drizzle_migrations (hash, created_at)
       values (${escapeLiteral(migration.hash)}, ${Number(migration.folderMillis)})`,
    );
  }
}

/**
 * Rows go in whatever order the dump holds them: foreign keys and triggers wait (replica role)
 * for this transaction only. PostgreSQL lets a superuser, or a role granted SET on the
 * parameter, do this.
 */
export async function deferConstraints(session: TargetSession) {
  try {
    await session.exec('set local session_replication_role = replica');
  } catch (error) {
    throw new BackupError(TEXTS.replicationRoleDenied, { cause: error });
  }
}

/**
 * Empties what the migrations just wrote into the archive's tables (a list they seed: the time
 * activities, the limitation periods): the archive holds each table whole, as the firm had
 * edited it, and its rows replace the migrations' rather than meeting them as duplicates. Runs
 * after `deferConstraints`, so no foreign key or trigger acts on the deletes.
 */
export async function clearMigrationRows(session: TargetSession, layout: DatabaseLayout) {
  for (const table of layout.tables) await session.exec(`delete from ${quoteIdent(table.name)}`);
}

/** Every sequence where it stood in the snapshot. */
export async function setSequences(session: TargetSession, layout: DatabaseLayout) {
  for (const sequence of layout.sequences) {
    await session.query(
      `select setval(${escapeLiteral(sequence.name)}, ${BigInt(sequence.value)}, ${sequence.isCalled})`,
    );
  }
}

export async function loadTableCopy(
  session: TargetSession,
  layout: DatabaseLayout,
  table: string,
  data: Buffer,
) {
  const known = layout.tables.find((candidate) => candidate.name === table);
  if (!known) throw new BackupError(TEXTS.entryUnexpected(`database/tables/${table}.copy`));
  if (data.length > 0) await session.copyIn(quoteIdent(table), columnList(known.columns), data);
}

const COPY_LINE = /^COPY public\.("?)([a-z0-9_]+)\1 \((.*)\) FROM stdin;$/;

/**
 * A `pg_dump --format=custom` file's rows, loaded table by table: `pg_restore --data-only` turns
 * it into COPY blocks (any target: this is how a PostgreSQL backup reaches an embedded database).
 * pg_restore must be at least the version of the pg_dump that wrote it.
 */
export async function loadPostgresDump(session: TargetSession, dumpFile: string) {
  const child = spawn('pg_restore', ['--data-only', '--schema=public', '--file=-', dumpFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', (error) =>
      reject(
        new BackupError(
          (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? TEXTS.pgRestoreMissing
            : TEXTS.pgRestoreFailed(error.message),
          { cause: error },
        ),
      ),
    );
    child.on('close', resolve);
  });
  exited.catch(() => {});
  let current: { table: string; columns: string; lines: string[] } | null = null;
  try {
    for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
      if (current) {
        if (line === '\\.') {
          const data = current.lines.length ? `${current.lines.join('\n')}\n` : '';
          if (data)
            await session.copyIn(quoteIdent(current.table), current.columns, Buffer.from(data));
          current = null;
        } else {
          current.lines.push(line);
        }
        continue;
      }
      const copy = COPY_LINE.exec(line);
      if (copy) current = { table: copy[2]!, columns: copy[3]!, lines: [] };
    }
  } catch (error) {
    child.kill();
    throw error;
  }
  const code = await exited;
  if (code !== 0) {
    const reason = stderr
      .split('\n')
      .map((part) => part.replace(/^pg_restore: (error: )?/, '').trim())
      .find(Boolean);
    throw new BackupError(TEXTS.pgRestoreFailed(reason ?? `exit code ${code}`));
  }
}
