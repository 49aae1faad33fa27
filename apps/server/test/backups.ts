import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../src/config';
import type { TestContext } from './helpers';

/** The passphrase the backup tests encrypt with. */
export const TEST_PASSPHRASE = 'Mwamba backup passphrase 2026';

/** A folder of its own for one test's archives. */
export const archiveFolder = () => mkdtempSync(path.join(tmpdir(), 'firm-backup-'));

/**
 * The context's configuration as the server would have it: on PostgreSQL the test database is a
 * clone whose address the context's config does not carry (pg_dump needs it).
 */
export async function serverConfig(ctx: TestContext): Promise<Config> {
  if (ctx.database.driver === 'pglite') return ctx.config;
  const { rows } = await ctx.database.executeSql('select current_database() as name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${(rows[0] as { name: string }).name}`;
  return { ...ctx.config, databaseUrl: url.toString() };
}
