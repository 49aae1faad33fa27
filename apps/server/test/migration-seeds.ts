import type { Database } from '../src/db/client';

/**
 * The rows the migrations themselves write (the time activities, the limitation periods), kept
 * aside in the migrated snapshot and template (schema `test_seeds`), so that a database emptied
 * for its next test file (helpers.ts) is put back as a fresh copy would be: with them, not
 * without. Tables found, not listed: a migration that seeds a new table needs nothing here.
 */
export const SEEDS_SCHEMA = 'test_seeds';

/** Copies each public table that holds rows after migrating into `test_seeds`. Run once, migrated; again on a
 * database a previous run left, it takes the rows afresh. */
export async function keepMigrationSeeds(database: Pick<Database, 'executeSql'>): Promise<void> {
  await database.executeSql(`
    drop schema if exists ${SEEDS_SCHEMA} cascade;
    create schema ${SEEDS_SCHEMA};
    do $$
    declare name text; has_rows boolean;
    begin
      for name in select tablename from pg_tables where schemaname = 'public' loop
        execute format('select exists (select 1 from public.%I)', name) into has_rows;
        if has_rows then
          execute format('create table ${SEEDS_SCHEMA}.%I as select * from public.%I', name, name);
        end if;
      end loop;
    end $$;`);
}

/**
 * SQL that writes the kept rows back into their emptied tables; nothing where none were kept (a
 * database made before this existed). Foreign keys are met: the seeded tables reference none of
 * the emptied ones.
 */
export const PUT_BACK_MIGRATION_SEEDS = `
  do $$
  declare name text;
  begin
    for name in select tablename from pg_tables where schemaname = '${SEEDS_SCHEMA}' loop
      execute format('insert into public.%I select * from ${SEEDS_SCHEMA}.%I', name, name);
    end loop;
  end $$`;
