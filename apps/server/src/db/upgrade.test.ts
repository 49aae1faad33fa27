import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, totpCode } from '../../test/accounts';
import { postgresTarget } from '../../test/database-target';
import { createTestContext, type TestContext } from '../../test/helpers';
import {
  migrationsFolder,
  pgliteExtensions,
  usePglite,
  usePostgres,
  type Database,
} from './client';

/**
 * An upgrade as a firm would make it (ADR 040): the database and documents of an earlier release
 * (test/fixtures/upgrade/, made through that release's API by scripts/make-upgrade-fixture.mjs),
 * opened by this release, which applies its newer migrations at start-up; then the people sign
 * in and find their records through the API. On the embedded database, or on PostgreSQL when the
 * API tests run there.
 */
const FIXTURE = path.resolve(import.meta.dirname, '../../test/fixtures/upgrade');
const fixture = JSON.parse(readFileSync(path.join(FIXTURE, 'accounts.json'), 'utf8')) as {
  release: string;
  superKey: string;
  twoFactorKey: string;
  password: string;
  advocate: { email: string; firstName: string; lastName: string; totpSecret: string };
  client: { email: string; firstName: string; lastName: string; id: string };
  case: { id: string; caseNumber: string; title: string };
  document: { id: string; name: string };
  feeNote: { id: string; number: string; totalKsh: number };
  appointment: { id: string; title: string; date: string; time: string };
};
const dump = readFileSync(path.join(FIXTURE, 'database.sql'), 'utf8');
const documentBytes = readFileSync(path.join(FIXTURE, 'documents', fixture.document.id));

const target = postgresTarget();
const fixtureDatabase = `${target?.name ?? 'none'}_upgrade_${randomBytes(4).toString('hex')}`;

/** The earlier release's database, loaded as a restore would (the dump sets search_path: reset). */
async function loadEarlierRelease(): Promise<Database> {
  if (!target) {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    await client.exec(dump);
    await client.exec('reset all');
    return usePglite(client);
  }
  const maintenance = new URL(target.url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  await admin.query(`create database "${fixtureDatabase}"`);
  await admin.end();
  const url = new URL(target.url);
  url.pathname = `/${fixtureDatabase}`;
  const loader = new pg.Client({ connectionString: url.toString() });
  await loader.connect();
  await loader.query(dump);
  await loader.end();
  return usePostgres(url.toString());
}

describe(`upgrading from an earlier release (the fixture of ${fixture.release})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'firm-upgrade-'));
    cpSync(path.join(FIXTURE, 'documents'), path.join(dataDir, 'documents'), { recursive: true });
    ctx = await createTestContext(
      {
        DATA_DIR: dataDir,
        ADVOCATE_SUPER_KEY: fixture.superKey,
        TWO_FACTOR_KEY: fixture.twoFactorKey,
      },
      { database: await loadEarlierRelease() },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    if (!target) return;
    const maintenance = new URL(target.url);
    maintenance.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: maintenance.toString() });
    await admin.connect();
    await admin.query(`drop database if exists "${fixtureDatabase}" with (force)`);
    await admin.end();
  });

  const get = async (token: string, url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response;
  };

  async function signIn(email: string, totpSecret?: string): Promise<string> {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: fixture.password },
    });
    if (!totpSecret) {
      expect(login.statusCode, login.body).toBe(200);
      return login.json().token as string;
    }
    // Staff: the authenticator the earlier release sealed with TWO_FACTOR_KEY still answers.
    expect(login.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challengeToken: login.json().challengeToken, code: totpCode(totpSecret) },
    });
    expect(second.statusCode, second.body).toBe(200);
    return second.json().token as string;
  }

  it("has applied every one of this release's migrations, newer than the fixture's", async () => {
    const known = readMigrationFiles({ migrationsFolder }).length;
    const inFixture = dump.match(/^INSERT INTO drizzle\.__drizzle_migrations /gm)?.length ?? 0;
    expect(inFixture).toBeGreaterThan(0);
    expect(inFixture).toBeLessThan(known);
    const { rows } = await ctx.database.executeSql(
      'select count(*)::int as applied from drizzle.__drizzle_migrations',
    );
    expect((rows[0] as { applied: number }).applied).toBe(known);
  });

  for (const who of ['advocate', 'client'] as const) {
    it(`the ${who} signs in and finds the case, its document's bytes, the fee note and the appointment`, async () => {
      const person = fixture[who];
      const token = await signIn(
        person.email,
        who === 'advocate' ? fixture.advocate.totpSecret : undefined,
      );
      const me = (await get(token, '/api/auth/me')).json();
      expect(me).toMatchObject({ firstName: person.firstName, lastName: person.lastName });

      const cases = (await get(token, '/api/cases')).json();
      expect(cases.cases).toEqual([
        expect.objectContaining({
          id: fixture.case.id,
          caseNumber: fixture.case.caseNumber,
          title: fixture.case.title,
        }),
      ]);
      const detail = (await get(token, `/api/cases/${fixture.case.id}`)).json();
      expect(detail.case.documents).toEqual([
        expect.objectContaining({ id: fixture.document.id, name: fixture.document.name }),
      ]);
      const download = await get(
        token,
        `/api/cases/${fixture.case.id}/documents/${fixture.document.id}`,
      );
      expect(download.rawPayload.equals(documentBytes)).toBe(true);

      const feeNotes = (await get(token, `/api/fee-notes?clientId=${fixture.client.id}`)).json();
      expect(feeNotes.feeNotes).toEqual([
        expect.objectContaining({
          id: fixture.feeNote.id,
          number: fixture.feeNote.number,
          totalKsh: fixture.feeNote.totalKsh,
          status: 'issued',
        }),
      ]);

      const appointments = (await get(token, '/api/appointments')).json();
      expect(appointments.appointments).toEqual([
        expect.objectContaining({
          id: fixture.appointment.id,
          title: fixture.appointment.title,
          date: fixture.appointment.date,
          time: fixture.appointment.time,
        }),
      ]);
    });
  }
});
