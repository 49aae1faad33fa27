// `npm run docs:api`: writes the OpenAPI description of every /api route to docs/api/openapi.json
// (formatted by Prettier, as `prettier --check .` wants it). Run it after adding or changing a
// route and commit the file; plugins/api-description.test.ts fails until they match.
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { format, resolveConfig } from 'prettier';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { pgliteExtensions, usePglite } from '../src/db/client';
import { API_DESCRIPTION_FILE, apiDescription, scratchDataDir } from './api-description';

const data = scratchDataDir();
const database = await usePglite(await PGlite.create({ extensions: pgliteExtensions }));
const app = await buildApp({
  config: loadConfig({ DATA_DIR: data.dir, API_DOCS: 'true', LOG_LEVEL: 'silent' }),
  database,
  logger: false,
  retentionSchedule: false,
  appointmentReminders: false,
  messageNotices: false,
  storedFilesSweep: false,
});
try {
  await app.ready();
  const description = await apiDescription(app);
  const prettier = await resolveConfig(API_DESCRIPTION_FILE);
  const text = await format(JSON.stringify(description), { ...prettier, parser: 'json' });
  writeFileSync(API_DESCRIPTION_FILE, text);
  const paths = Object.keys((description as { paths: object }).paths).length;
  process.stdout.write(`Wrote ${API_DESCRIPTION_FILE} (${paths} paths)\n`);
} finally {
  await app.close();
  await database.close();
  data.remove();
}
