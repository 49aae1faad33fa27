import { readMigrationFiles } from 'drizzle-orm/migrator';

/**
 * The database holds migrations this build does not have: a newer release upgraded it. Starting
 * would run old code on a schema it does not know, so the start stops (startup.ts prints this
 * message as its one line). ADR 040.
 */
export class DatabaseSchemaError extends Error {
  constructor(applied: number, known: number) {
    super(
      `This database was upgraded by a newer release (schema ${applied}, this release knows ${known}): run that release or newer, or restore a backup taken before the upgrade.`,
    );
    this.name = 'DatabaseSchemaError';
  }
}

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * Compares the migrations the database records as applied (`drizzle.__drizzle_migrations`, one
 * row per journal entry, `created_at` = the entry's `when`) with this build's journal, before any
 * migration runs. Drizzle's migrator applies only entries newer than the last applied one, so a
 * row newer than the journal's last entry is a migration from a later release. A new database
 * (no table yet) or an older one passes.
 */
export async function assertSchemaKnown(query: Query, migrationsFolder: string): Promise<void> {
  const journal = readMigrationFiles({ migrationsFolder });
  const lastKnown = Math.max(...journal.map((entry) => entry.folderMillis));
  const exists = await query(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
  );
  if (!(exists.rows[0] as { exists: boolean }).exists) return;
  const { rows } = await query(
    `select count(*)::int as applied,
            count(*) filter (where created_at > ${lastKnown})::int as unknown
       from drizzle.__drizzle_migrations`,
  );
  const { applied, unknown } = rows[0] as { applied: number; unknown: number };
  if (unknown > 0) throw new DatabaseSchemaError(applied, journal.length);
}
