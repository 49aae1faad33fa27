// `npm run backup` (ADR 039): builds the server if its sources are newer than the build, then
// runs the backup command (apps/server/src/backup-cli.ts) in this process. It works while the
// server runs: on the embedded database it asks the server, on PostgreSQL it claims the run itself.
import { pathToFileURL } from 'node:url';
import { at, buildIfStale } from './lib/build-if-stale.mjs';
import { requireNode } from './lib/node-version.mjs';

requireNode('npm run backup');

const cli = at('apps/server/dist/backup-cli.js');
// Build output goes to stderr: stdout holds the one line of the result.
buildIfStale(
  '@firm/server',
  cli,
  [at('apps/server/src'), at('apps/server/build.mjs'), at('packages/shared/src')],
  { quiet: true },
);

await import(pathToFileURL(cli).href);
