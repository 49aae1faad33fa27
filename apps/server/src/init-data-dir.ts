// The built server runs this in a child process to create an empty embedded database: PGlite's
// initdb grows the WebAssembly heap to several hundred megabytes, and a heap never shrinks, so
// doing it in the server's own process left a first start holding about 1.4–2 × the memory of
// every later start until it was restarted. Usage: node init-data-dir.js <pgdata dir>
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions, usePglite } from './db/client';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: init-data-dir <pgdata directory>\n');
  process.exit(2);
}
const database = await usePglite(await PGlite.create(dir, { extensions: pgliteExtensions }));
await database.close();
