// The API tests once more, against the PostgreSQL server named by TEST_DATABASE_URL (CI sets it).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API tests ran on embedded PostgreSQL only.');
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--no-isolate'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB_TARGET: 'postgres' },
});
process.exit(result.status ?? 1);
