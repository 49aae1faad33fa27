import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  enrolTotp,
  seedUser,
  sessionFor,
  TEST_PASSWORD,
  totpCode,
} from '../../../../test/accounts';
import {
  archiveFolder,
  removeArchiveFolders,
  emptyPostgresDatabase,
  postgresServerUrl,
  serverConfig,
  startServerOn,
  TEST_PASSPHRASE,
} from '../../../../test/backups';
import { seedCase, seedDocument } from '../../../../test/cases';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { seedAttachment, seedConversation } from '../../../../test/messages';
import type { App } from '../../../app';
import type { Config } from '../../../config';
import { backupRuns } from '../../../db/schema';
import { lastGoodBackupFinishedAt } from '../backups.service';
import { restoreBackupArchive, writeBackupArchive, type BackupManifest } from './index';
import { readThePractice, recordThePractice } from './restore-proof-practice';

/**
 * The proof (ADR 039): a firm backed up while it serves requests, restored into a fresh target,
 * and a server started on it, where a client signs in with password and second factor, opens
 * the same case and downloads the same bytes. Restored into an embedded database and, where a
 * PostgreSQL server is configured (CI), into PostgreSQL too: run on either database, this
 * covers both same-kind and cross restores.
 */

const LONG_NAMES = [
  ['Wanjiku Nyambura', 'Kariuki-Wa-Mwangi Njoroge'],
  ['Achieng Atieno Awino', 'Odhiambo-Ochieng Owino'],
  ['Chepkoech Jeptoo', 'Kiprotich-Kipchumba Rotich'],
] as const;

let ctx: TestContext;
let config: Config;
let archive: string;
let manifest: BackupManifest;
const firm = {
  client: { id: '', email: '' },
  secret: '',
  caseId: '',
  caseTitle: 'Succession Cause No. 1187 of 2026: estate of the late Mzee Kamau wa Njoroge',
  document: { id: '', bytes: Buffer.alloc(0) },
  attachment: { id: '', conversationId: '', bytes: Buffer.alloc(0) },
  feeNoteId: '',
  feeNote: {} as unknown,
  clientMoney: {} as unknown,
  balancesAtMarchEnd: {} as unknown,
  practice: {} as Awaited<ReturnType<typeof readThePractice>>,
};
let notesBeforeBackup = 0;
const LAST_NIGHTS_BACKUP = new Date('2026-12-06T23:00:40.000Z');

const call = (
  app: App,
  token: string,
  method: InjectOptions['method'],
  url: string,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

beforeAll(async () => {
  ctx = await createTestContext();
  config = await serverConfig(ctx);
  const advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'nduta.wambui@mwamba.test',
    firstName: 'Nduta Wambui',
    lastName: 'Gathoni-Muthoni',
  });
  const advocateToken = await sessionFor(ctx, advocate);
  const clients = [];
  for (const [index, [firstName, lastName]] of LONG_NAMES.entries()) {
    clients.push(
      await seedUser(ctx, {
        role: 'client',
        email: `client${index}@mwamba.test`,
        firstName,
        lastName,
      }),
    );
  }
  const client = clients[0]!;
  firm.client = { id: client.id, email: client.email };
  const clientToken = await sessionFor(ctx, client);
  firm.secret = (await enrolTotp(ctx, clientToken)).secret;

  for (const [index, other] of clients.entries()) {
    const kase = await seedCase(ctx, other.id, {
      title: index === 0 ? firm.caseTitle : `Land dispute over plot LR ${209 + index}/1234`,
    });
    for (let d = 0; d < 3; d += 1) {
      const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(150_000 + d * 1000)]);
      const document = await seedDocument(ctx, kase.id, { bytes, name: `Affidavit ${d + 1}.pdf` });
      if (index === 0 && d === 0) firm.document = { id: document.id, bytes };
      if (index === 0) firm.caseId = kase.id;
    }
    const { message } = await seedConversation(ctx, other.id, {
      caseId: kase.id,
      members: [advocate.id],
      body: 'Nimeambatisha hati ya kumiliki ardhi. Tafadhali thibitisha.',
    });
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(40_000)]);
    const attachment = await seedAttachment(ctx, message, { bytes, name: 'Hati ya Kiapo.pdf' });
    if (index === 0)
      firm.attachment = { id: attachment.id, conversationId: message.conversationId, bytes };
  }

  const draft = await call(ctx.app, advocateToken, 'POST', '/api/fee-notes', {
    clientId: client.id,
    caseId: firm.caseId,
    dueDate: '2026-12-31',
    lines: [
      {
        kind: 'fee',
        description: 'Petition for letters of administration',
        quantity: 1,
        unitPriceKsh: 85_000,
      },
    ],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  firm.feeNoteId = draft.json().feeNote.id as string;
  expect(
    (await call(ctx.app, advocateToken, 'POST', `/api/fee-notes/${firm.feeNoteId}/issue`))
      .statusCode,
  ).toBe(200);
  const paid = await call(ctx.app, advocateToken, 'POST', '/api/payments', {
    feeNoteId: firm.feeNoteId,
    amountKsh: 30_000,
    method: 'cash',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  firm.feeNote = (
    await call(ctx.app, clientToken, 'GET', `/api/fee-notes/${firm.feeNoteId}`)
  ).json();
  // Client money: the journal's rows and the balances its triggers keep (ADR 045) come back
  // together, the triggers not run again on the restored rows.
  const account = await call(ctx.app, advocateToken, 'POST', '/api/client-money/accounts', {
    name: 'Client Account — Succession Matters',
    kind: 'client',
    institution: 'Kenya Commercial Bank, Moi Avenue',
    number: '1187 2026 0041',
    openingBalanceKsh: 0,
    openingDate: '2026-01-01',
  });
  expect(account.statusCode, account.body).toBe(201);
  const received = await call(ctx.app, advocateToken, 'POST', '/api/client-money/entries', {
    kind: 'receipt',
    clientId: client.id,
    caseId: firm.caseId,
    accountId: account.json().account.id,
    amountKsh: 1_250_000,
    date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date()),
    reference: 'FT26340KQ7B',
    narrative: 'Deposit towards the estate duty and the court fees',
  });
  expect(received.statusCode, received.body).toBe(201);
  // One dated in March too: the monthly balances (migration 0044) then hold two months, and a
  // past day's balances are read from them after the restore.
  const inMarch = await call(ctx.app, advocateToken, 'POST', '/api/client-money/entries', {
    kind: 'receipt',
    clientId: client.id,
    caseId: firm.caseId,
    accountId: account.json().account.id,
    amountKsh: 300_000,
    date: '2026-03-16',
    reference: 'FT26075LM2C',
    narrative: 'Deposit towards the valuation of the estate',
  });
  expect(inMarch.statusCode, inMarch.body).toBe(201);
  firm.balancesAtMarchEnd = (
    await call(ctx.app, advocateToken, 'GET', `/api/client-money/ledgers?asOf=2026-03-31`)
  ).json();
  expect(firm.balancesAtMarchEnd).toMatchObject({ totalKsh: 300_000 });
  firm.clientMoney = (
    await call(ctx.app, clientToken, 'GET', `/api/client-money/ledgers/${client.id}`)
  ).json();
  await recordThePractice(ctx.app, advocateToken, {
    clientId: client.id,
    caseId: firm.caseId,
    feeNoteId: firm.feeNoteId,
    clientMoneyAccountId: account.json().account.id,
  });
  firm.practice = await readThePractice(ctx.app);
  // Read again: the answer now carries KRA's numbers.
  firm.feeNote = (
    await call(ctx.app, clientToken, 'GET', `/api/fee-notes/${firm.feeNoteId}`)
  ).json();

  // The backup, while the advocate keeps working: notes written and cases read throughout, from
  // before it starts until it has finished, and one more note asked for once the rows are dumped.
  // Last night's backup, as the backups' own table (migration 0038) records it: the restored firm
  // knows when its last good backup was.
  await ctx.app.db.insert(backupRuns).values({
    trigger: 'scheduled',
    status: 'succeeded',
    startedAt: new Date(LAST_NIGHTS_BACKUP.getTime() - 40_000),
    finishedAt: LAST_NIGHTS_BACKUP,
    fileName: 'firm-backup-2026-12-06T23-00-00-000Z.backup',
    sizeBytes: 48_213_004,
    claimedBy: 'nightly',
    leaseUntil: LAST_NIGHTS_BACKUP,
  });
  archive = path.join(archiveFolder(), 'firm.backup');
  let backingUp = true;
  const failures: string[] = [];
  let notesWritten = 0;
  const writeNote = async () => {
    const note = await call(ctx.app, advocateToken, 'POST', `/api/cases/${firm.caseId}/notes`, {
      content: `Called Bi. Wanjiku Nyambura about the grant at ${new Date().toISOString()}`,
      visibleToClient: false,
    });
    if (note.statusCode === 201) notesWritten += 1;
    else failures.push(`note ${note.statusCode}`);
  };
  const traffic = (async () => {
    while (backingUp) {
      await writeNote();
      const list = await call(ctx.app, advocateToken, 'GET', '/api/cases');
      if (list.statusCode !== 200) failures.push(`list ${list.statusCode}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  while (notesWritten < 3) await new Promise((resolve) => setTimeout(resolve, 5));
  notesBeforeBackup = notesWritten;
  const midway: Promise<void>[] = [];
  try {
    ({ manifest } = await writeBackupArchive({
      database: ctx.database,
      config,
      passphrase: TEST_PASSPHRASE,
      file: archive,
      onProgress: (progress) => {
        if (progress.step === 'files' && midway.length === 0) midway.push(writeNote());
      },
    }));
  } finally {
    backingUp = false;
    await traffic;
    await Promise.all(midway);
  }
  expect(failures).toEqual([]);
  expect(midway).toHaveLength(1);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await removeArchiveFolders();
});

async function provesTheFirmIsBack(target: { dataDir: string; databaseUrl?: string }) {
  const report = await restoreBackupArchive({ file: archive, passphrase: TEST_PASSPHRASE, target });
  expect(report.tables).toEqual(manifest.database.tables);
  expect(report.files).toBe(13); // 9 documents, 3 attachments, 1 expense receipt
  expect(report.keys).toContain('two-factor-key');

  const server = await startServerOn(target);
  try {
    const { app } = server;
    expect(report.tables.backup_runs).toBe(1);
    expect(await lastGoodBackupFinishedAt(app.db)).toEqual(LAST_NIGHTS_BACKUP);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: firm.client.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(401);
    expect(login.json().code).toBe('TWO_FACTOR_REQUIRED');
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challengeToken: login.json().challengeToken, code: totpCode(firm.secret) },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json().token as string;

    const opened = await call(app, token, 'GET', `/api/cases/${firm.caseId}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().case.title).toBe(firm.caseTitle);
    const document = await call(
      app,
      token,
      'GET',
      `/api/cases/${firm.caseId}/documents/${firm.document.id}`,
    );
    expect(document.statusCode).toBe(200);
    expect(document.rawPayload.equals(firm.document.bytes)).toBe(true);
    const attachment = await call(
      app,
      token,
      'GET',
      `/api/conversations/${firm.attachment.conversationId}/attachments/${firm.attachment.id}`,
    );
    expect(attachment.statusCode).toBe(200);
    expect(attachment.rawPayload.equals(firm.attachment.bytes)).toBe(true);
    expect((await call(app, token, 'GET', `/api/fee-notes/${firm.feeNoteId}`)).json()).toEqual(
      firm.feeNote,
    );
    expect(report.tables.client_money_entries).toBe(2);
    expect(report.tables.client_money_balances).toBe(1);
    expect(report.tables.client_money_monthly_balances).toBe(2);
    expect(
      (await call(app, token, 'GET', '/api/client-money/ledgers?asOf=2026-03-31')).json(),
    ).toEqual(firm.balancesAtMarchEnd);
    expect(
      (await call(app, token, 'GET', `/api/client-money/ledgers/${firm.client.id}`)).json(),
    ).toEqual(firm.clientMoney);
    const practice = await readThePractice(app);
    expect(practice).toEqual(firm.practice);
    expect(practice.periods.find((p) => p.kind === 'defamation')?.label).toBe(
      'Defamation (libel and slander)',
    );
    for (const rows of Object.values(practice)) expect(rows.length).toBeGreaterThan(0);
    expect(
      (await call(app, token, 'GET', `/api/fee-notes/${firm.feeNoteId}`)).json(),
    ).toMatchObject({
      etims: { state: 'sent' },
    });
  } finally {
    await server.close();
  }
}

describe('a firm backed up while it serves', { timeout: 180_000 }, () => {
  it('was backed up while the server answered requests, with every note written before it', () => {
    expect(notesBeforeBackup).toBeGreaterThanOrEqual(3);
    // Every note committed before the backup began is in it (the one asked for midway, after
    // the snapshot, was answered too: beforeAll checks no request failed).
    expect(manifest.database.tables.case_notes).toBeGreaterThanOrEqual(notesBeforeBackup);
  });

  it('comes back in an embedded database: the client signs in with the second factor and finds the same case and bytes', async () => {
    await provesTheFirmIsBack({ dataDir: path.join(archiveFolder(), 'data') });
  });

  it.runIf(postgresServerUrl)('comes back in PostgreSQL the same way', async () => {
    const database = await emptyPostgresDatabase(postgresServerUrl!, 'restore');
    try {
      await provesTheFirmIsBack({
        dataDir: path.join(archiveFolder(), 'data'),
        databaseUrl: database.url,
      });
    } finally {
      await database.drop();
    }
  });
});
