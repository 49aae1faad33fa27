import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../../../db/client';

/** One applied migration as drizzle's journal lists it (apps/server/drizzle/meta/_journal.json). */
export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function readJournal(folder = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** drizzle records each applied migration's journal time in `drizzle.__drizzle_migrations`. */
export const LAST_MIGRATION_SQL =
  'select created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at desc limit 1';

/**
 * The schema version of a database: the tag of the last migration applied to it (e.g.
 * `0037_billing_pdfs`), found by the time drizzle recorded for it.
 */
export function schemaVersionOf(
  lastCreatedAt: string | undefined,
  journal = readJournal(),
): string {
  if (lastCreatedAt === undefined) return 'none';
  const entry = journal.find((candidate) => String(candidate.when) === lastCreatedAt);
  return entry?.tag ?? `unknown-${lastCreatedAt}`;
}
