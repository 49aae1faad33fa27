/** Suffix of the per-file databases cloned from the run's database on PostgreSQL. */
export const TEST_DB_PREFIX = '_t_';

/** The API tests run on PGlite, or on PostgreSQL when TEST_DB_TARGET=postgres (npm run test:api:pg). */
export function postgresTarget(): { url: string; name: string } | null {
  if (process.env.TEST_DB_TARGET !== 'postgres') return null;
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_TARGET=postgres needs TEST_DATABASE_URL');
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-zA-Z0-9_]+$/.test(name)) throw new Error(`Unsupported test database name: ${name}`);
  return { url, name };
}
