/**
 * The database part of an archive (ADR 039): which tables, with which columns and how many rows
 * in the snapshot, and where every sequence stood. Written first in the archive as
 * `database/layout.json`, so a restore can prepare its target before the rows arrive.
 */
export interface DatabaseLayout {
  driver: 'pglite' | 'postgres';
  schemaVersion: string;
  tables: { name: string; columns: string[]; rows: number }[];
  sequences: { name: string; value: string; isCalled: boolean }[];
}

export const ARCHIVE_PATHS = {
  layout: 'database/layout.json',
  /** The embedded database: each table's rows in COPY's text format. */
  tableCopy: (table: string) => `database/tables/${table}.copy`,
  tableCopyPattern: /^database\/tables\/([a-z0-9_]+)\.copy$/,
  /** A PostgreSQL server: `pg_dump --format=custom` of the whole database less the job queue. */
  postgresDump: 'database/postgres.dump',
  documents: 'files/documents/',
  keys: 'keys/',
  manifest: 'manifest.json',
} as const;

/**
 * The app's tables, in the `public` schema. Not `drizzle` (the restore migrates its target to
 * the archive's schema version, which writes it) and not `pgboss`: the job queue holds only
 * jobs that point at rows of the outbox, which the deliveries sweep queues again (ADR 028).
 */
export const TABLES_SQL = `
  select c.relname::text as name,
         array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                       and a.attgenerated = ''
   where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and not c.relispartition
   group by c.relname
   order by c.relname`;

export const SEQUENCES_SQL = `
  select format('%I.%I', schemaname, sequencename) as name,
         coalesce(last_value, start_value)::text as value,
         last_value is not null as "isCalled"
    from pg_sequences where schemaname = 'public' order by 1`;

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const columnList = (columns: string[]) => columns.map(quoteIdent).join(', ');
