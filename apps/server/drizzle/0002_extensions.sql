-- Contrib extensions used by later migrations: pg_trgm (similarity search: conflict-of-interest
-- check, case search) and btree_gist (exclusion constraints on appointment times). Both are
-- "trusted" since PostgreSQL 13, so a database owner without superuser may create them; PGlite is
-- handed them by the server (db/client.ts, pgliteExtensions).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
