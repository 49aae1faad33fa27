import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Opens a stopped server's embedded database to look at what it stored. PGlite must be given the
 * extensions the migrations created (see the server's `pgliteExtensions`), or queries that touch
 * their indexes fail.
 */
export function openDataDir(dataDir: string): Promise<PGlite> {
  return PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm, btree_gist } });
}
