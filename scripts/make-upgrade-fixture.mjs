#!/usr/bin/env node
/**
 * Remakes the upgrade test's fixture (apps/server/test/fixtures/upgrade/, ADR 040): a database
 * made by an earlier release of this product, with data entered through that release's own API,
 * and its documents directory.
 *
 *   git worktree add --detach /tmp/old-release 05979f2 && (cd /tmp/old-release && npm ci)
 *   node scripts/make-upgrade-fixture.mjs /tmp/old-release
 *
 * It starts the old release's server (from its sources, with tsx) on a fresh database of the
 * PostgreSQL server at FIXTURE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres,
 * which only serves to create and drop that database), creates an advocate with an authenticator,
 * a client, a case with a document, an issued fee note and an appointment, stops the server, and
 * writes a plain-SQL dump (`pg_dump --inserts`: no COPY blocks, so the embedded database can run
 * it too), the documents and what the test needs to sign in (accounts.json).
 */
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Secret, TOTP } from 'otpauth';

const oldRelease = path.resolve(process.argv[2] ?? '/tmp/old-release');
const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'apps/server/test/fixtures/upgrade');
const adminUrl = process.env.FIXTURE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Test keys, not secrets: the upgrade test starts the new release with the same ones. */
const SUPER_KEY = 'upgrade-fixture-super-key';
const TWO_FACTOR_KEY = Buffer.alloc(32, 7).toString('base64');
const PASSWORD = 'Upgrade-Fixture-Passw0rd';

const release = execFileSync('git', ['-C', oldRelease, 'rev-parse', '--short', 'HEAD'], {
  encoding: 'utf8',
}).trim();

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const databaseName = `upgrade_fixture_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${databaseName}"`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'upgrade-fixture-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: oldRelease,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl.toString(),
    ADVOCATE_SUPER_KEY: SUPER_KEY,
    TWO_FACTOR_KEY,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function call(method, url, { token, body, form } = {}) {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

const totp = (secret) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

try {
  for (let i = 0; ; i += 1) {
    if (i > 240) throw new Error('the old release did not start in 2 minutes');
    if (server.exitCode !== null) throw new Error('the old release stopped at start-up');
    const ready = await fetch(`${base}/api/health`).catch(() => null);
    if (ready?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  // The first advocate: registered with the super key, signed in at once.
  const advocate = {
    firstName: 'Wanjiku Nyambura',
    lastName: 'Kariuki-Odhiambo',
    email: 'wanjiku.kariuki-odhiambo@mwamba-advocates.co.ke',
  };
  const registered = await call('POST', '/auth/register', {
    body: {
      ...advocate,
      phone: '0712 345 678',
      password: PASSWORD,
      licenseNumber: 'LSK/2009/0457',
      specialization: ['Family Law', 'Property Law'],
      experience: 16,
      education: 'LLB, University of Nairobi; Kenya School of Law',
      barAdmission: 'Admitted to the Roll of Advocates, 2009',
      superKey: SUPER_KEY,
    },
  });
  const advocateToken = registered.token;
  const advocateId = registered.user.id;
  // Staff need a second factor: an authenticator, whose key the test uses to sign in.
  const { secret: totpSecret } = await call('POST', '/auth/2fa/totp/setup', {
    token: advocateToken,
  });
  await call('POST', '/auth/2fa/totp/enable', {
    token: advocateToken,
    body: { code: totp(totpSecret) },
  });

  const client = {
    firstName: "Achieng' Atieno",
    lastName: 'Awuor-Onyango Wafula',
    email: 'achieng.awuor-onyango@kisumu-lakeside-traders.co.ke',
  };
  const created = await call('POST', '/user-management/create-client', {
    token: advocateToken,
    body: { ...client, phone: '+254722000111' },
  });
  const clientId = created.user.id;
  const temporary = await call('POST', '/auth/login', {
    body: { email: client.email, password: created.temporaryPassword },
  });
  await call('POST', '/auth/change-password', {
    token: temporary.token,
    body: {
      currentPassword: created.temporaryPassword,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });

  const { case: theCase } = await call('POST', '/cases', {
    token: advocateToken,
    body: {
      title: 'Awuor-Onyango Wafula v. Kisumu County Government: compulsory acquisition of LR 7/314',
      description: 'Compensation for the part of the plot taken for the Kisumu–Busia road.',
      category: 'property',
      priority: 'high',
      clientId,
      assignedTo: advocateId,
    },
  });

  const documentBytes = Buffer.from(
    '%PDF-1.4\n% Plaint: Awuor-Onyango Wafula v. Kisumu County Government\n' +
      '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
      '2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );
  const form = new FormData();
  form.append(
    'file',
    new Blob([documentBytes], { type: 'application/pdf' }),
    'Plaint – Awuor-Onyango Wafula.pdf',
  );
  const { document } = await call('POST', `/cases/${theCase.id}/documents?visibleToClient=true`, {
    token: advocateToken,
    form,
  });

  // A due date three weeks ahead on a weekday (the schema refuses weekends and holidays).
  const day = new Date(Date.now() + 21 * 86_400_000);
  while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  const { feeNote } = await call('POST', '/fee-notes', {
    token: advocateToken,
    body: {
      clientId,
      caseId: theCase.id,
      dueDate: day.toISOString().slice(0, 10),
      lines: [
        {
          kind: 'fee',
          description: 'Instruction fees: compulsory acquisition claim',
          quantity: 1,
          unitPriceKsh: 85_000,
        },
        {
          kind: 'disbursement',
          description: 'Valuation report, Lakeside Valuers',
          quantity: 1,
          unitPriceKsh: 12_500,
        },
      ],
    },
  });
  const { feeNote: issued } = await call('POST', `/fee-notes/${feeNote.id}/issue`, {
    token: advocateToken,
  });

  // The first weekday from three days ahead with a free time for a consultation.
  let appointment;
  for (let offset = 3; !appointment && offset < 40; offset += 1) {
    const date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const { times } = await call(
      'GET',
      `/appointments/availability?date=${date}&type=consultation&advocateId=${advocateId}`,
    );
    if (!times?.length) continue;
    ({ appointment } = await call('POST', '/appointments', {
      token: advocateToken,
      body: {
        title: 'Compensation offer from the National Land Commission',
        type: 'consultation',
        description: 'Go through the offer letter and the valuation before the reply is due.',
        date,
        time: times[0],
        advocateId,
        clientId,
      },
    }));
  }
  if (!appointment) throw new Error('no free appointment time in the next weeks');

  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));

  mkdirSync(out, { recursive: true });
  rmSync(path.join(out, 'documents'), { recursive: true, force: true });
  cpSync(path.join(dataDir, 'documents'), path.join(out, 'documents'), { recursive: true });
  const dump = execFileSync(
    'pg_dump',
    ['--inserts', '--no-owner', '--no-privileges', '--no-comments', databaseUrl.toString()],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  // pg_dump 15.14 and later fence the script with psql-only \restrict lines (a random key):
  // neither a driver nor the embedded database runs them, and the key would change every dump.
  const portable = dump
    .split('\n')
    .filter((line) => !/^\\(un)?restrict\b/.test(line))
    .join('\n');
  writeFileSync(path.join(out, 'database.sql'), portable);
  writeFileSync(
    path.join(out, 'accounts.json'),
    `${JSON.stringify(
      {
        release,
        superKey: SUPER_KEY,
        twoFactorKey: TWO_FACTOR_KEY,
        password: PASSWORD,
        advocate: { ...advocate, id: advocateId, totpSecret },
        client: { ...client, id: clientId },
        case: { id: theCase.id, caseNumber: theCase.caseNumber, title: theCase.title },
        document: { id: document.id, name: document.name },
        feeNote: { id: issued.id, number: issued.number, totalKsh: issued.totalKsh },
        appointment: {
          id: appointment.id,
          title: appointment.title,
          date: appointment.date,
          time: appointment.time,
        },
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`Fixture of release ${release} written to ${path.relative(root, out)}\n`);
} finally {
  if (server.exitCode === null) server.kill('SIGTERM');
  await admin.query(`drop database if exists "${databaseName}" with (force)`).catch(() => {});
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
