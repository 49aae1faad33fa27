import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CLIENT_MONEY_MESSAGES as M,
  DEFAULT_MAX_UPLOAD_MB,
  describeAuditEntry,
} from '@firm/shared';
import { auditLog, clientMoneyStatementLines } from '../../db/schema';
import { bearer } from '../../../test/accounts';
import { multipartForm } from '../../../test/messages';
import {
  addAccount,
  adminToken,
  advocateToken,
  client,
  clientToken,
  ctx,
  officeAccount,
  recorded,
  today,
  useClientMoneyTestContext,
} from './client-money-test-kit';

/**
 * POST /api/client-money/statements (ADR 046): a client account's statement uploaded as CSV, kept
 * with its lines and matched to the journal; refused whole when it is not a statement.
 */
useClientMoneyTestContext();

let numbers = 0;
const newClientAccount = () =>
  addAccount({
    name: 'Equity Bank Client Account (Kimathi Street)',
    kind: 'client',
    institution: 'Equity Bank, Kimathi Street',
    number: `0180${String((numbers += 1)).padStart(9, '0')}`,
    openingBalanceKsh: 0,
    openingDate: '2026-01-01',
  });

const upload = (
  token: string,
  accountId: string | null,
  bytes: Buffer | string,
  name = 'statement-december-2026.csv',
) => {
  const form = multipartForm(accountId === null ? [] : [['accountId', accountId]], [
    { name, bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), type: 'text/csv' },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/client-money/statements',
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
};

/** Day `day` of the current Nairobi month, written as the bank does (30/11/2026). */
const dayOfThisMonth = (day: number) => {
  const [year, month] = today().split('-');
  return `${String(day).padStart(2, '0')}/${month}/${year}`;
};

const statement = (rows: string[]) =>
  ['Date,Description,Reference,Money in,Money out,Balance', ...rows].join('\r\n') + '\r\n';

describe('importing a client account statement', () => {
  it('keeps every line and matches the deposit recorded with the same reference; the bank fee is left unmatched', async () => {
    const account = await newClientAccount();
    const receipt = await recorded({
      kind: 'receipt',
      clientId: client.id,
      accountId: account.id,
      amountKsh: 1_250_000,
      reference: 'FT26334KXQ7M',
      narrative: 'Deposit towards the purchase price of LR No. 209/13458, Kitengela',
    });
    const response = await upload(
      advocateToken,
      account.id,
      statement([
        `${dayOfThisMonth(1)},RTGS KIPROTICH CHEBET-KORIR FT26334KXQ7M,FT26334KXQ7M,"1,250,000.00",,"1,250,000.00"`,
        `${dayOfThisMonth(1)},LEDGER FEE,,,350.00,"1,249,650.00"`,
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe(M.statementImported);
    expect(body.statement).toMatchObject({
      accountId: account.id,
      format: 'generic',
      fileName: 'statement-december-2026.csv',
      openingBalanceKsh: 0,
      closingBalanceKsh: 1_249_650,
      lineCount: 2,
      matchedCount: 1,
    });
    expect(body.statement.unmatchedLines).toHaveLength(1);
    expect(body.statement.unmatchedLines[0]).toMatchObject({
      lineNumber: 3,
      description: 'LEDGER FEE',
      amountKsh: -350,
      entryId: null,
    });
    const [matched] = await ctx.database.db
      .select()
      .from(clientMoneyStatementLines)
      .where(eq(clientMoneyStatementLines.entryId, receipt.id));
    expect(matched).toMatchObject({ lineNumber: 2, matchedBy: 'auto', amountKsh: 1_250_000 });
    expect(matched!.matchReason).toContain('FT26334KXQ7M');

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client_money.statement_imported'));
    const audit = audits.find(
      (row) => (row.details as { accountId: string }).accountId === account.id,
    );
    const sentence = describeAuditEntry({
      action: audit!.action,
      actor: {
        id: audit!.actorId!,
        name: 'Achieng Mwamba',
        email: 'achieng.mwamba@client-money.test',
      },
      target: null,
      details: audit!.details as Record<string, unknown>,
    });
    expect(sentence.text).toBe(
      `Achieng Mwamba imported the statement “statement-december-2026.csv” of the client account “Equity Bank Client Account (Kimathi Street)” from ${body.statement.firstDate} to ${body.statement.lastDate}`,
    );
  });

  it('refuses a second statement sharing days with one already imported, naming it', async () => {
    const account = await newClientAccount();
    const first = await upload(
      advocateToken,
      account.id,
      statement([`${dayOfThisMonth(2)},CASH DEPOSIT,,"48,500",,"48,500"`]),
      'kcb-client-december.csv',
    );
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(
      advocateToken,
      account.id,
      statement([`${dayOfThisMonth(2)},CASH DEPOSIT,,"48,500",,"48,500"`]),
    );
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toContain('kcb-client-december.csv');
  });

  it('answers 400 with each bad line’s message, and keeps nothing', async () => {
    const account = await newClientAccount();
    const wrongColumns = await upload(
      advocateToken,
      account.id,
      'Date,Narrative,Amount\r\n01/12/2026,Deposit,5000\r\n',
    );
    expect(wrongColumns.statusCode, wrongColumns.body).toBe(400);
    const badLines = await upload(
      advocateToken,
      account.id,
      statement([
        `${dayOfThisMonth(3)},DEPOSIT,,"12,500.50",,"12,500.50"`,
        `31/11/2026,DEPOSIT,,"5,000",,"17,500"`,
      ]),
    );
    expect(badLines.statusCode, badLines.body).toBe(400);
    const errors = badLines.json().errors as Record<string, string>;
    expect(errors['line.2']).toContain('has cents');
    expect(errors['line.3']).toContain('not a real day');
    const kept = await upload(
      advocateToken,
      account.id,
      statement([`${dayOfThisMonth(3)},DEPOSIT,,"12,500",,"12,500"`]),
    );
    expect(kept.statusCode, kept.body).toBe(201);
  });

  it('refuses a binary file (415) and one over the upload limit (413)', async () => {
    const account = await newClientAccount();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 3, 0xff, 0xfe])]);
    const binary = await upload(advocateToken, account.id, pdf, 'statement.csv');
    expect(binary.statusCode, binary.body).toBe(415);
    expect(binary.json().message).toBe(M.statementNotText);

    const row = `${dayOfThisMonth(4)},DEPOSIT FROM WANJIKU NJOROGE-KAMAU,,"1,000",,"1,000"\r\n`;
    const big =
      statement([]) +
      row.repeat(Math.ceil((DEFAULT_MAX_UPLOAD_MB * 1024 * 1024) / row.length) + 10);
    const tooBig = await upload(advocateToken, account.id, big);
    expect(tooBig.statusCode, tooBig.body).toBe(413);
  });

  it('refuses an office account, a missing account and a missing file', async () => {
    const csv = statement([`${dayOfThisMonth(5)},DEPOSIT,,"9,000",,"9,000"`]);
    const office = await upload(advocateToken, officeAccount.id, csv);
    expect(office.statusCode, office.body).toBe(400);
    expect(office.json().message).toBe(M.statementNotAClientAccount);
    const missing = await upload(advocateToken, null, csv);
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().errors.accountId).toBe(M.accountRequired);
    const unknown = await upload(advocateToken, '6f1c1d9e-1d2b-4a8e-9a51-0d5e8c7b9a10', csv);
    expect(unknown.statusCode, unknown.body).toBe(404);
  });

  it('is the advocates’ alone: an admin who manages cases and a client are refused', async () => {
    const account = await newClientAccount();
    const csv = statement([`${dayOfThisMonth(6)},DEPOSIT,,"9,000",,"9,000"`]);
    expect((await upload(adminToken, account.id, csv)).statusCode).toBe(403);
    expect((await upload(clientToken, account.id, csv)).statusCode).toBe(403);
  });
});
