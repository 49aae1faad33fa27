import { execFileSync } from 'node:child_process';
import { clientPaymentReference, formatNairobiDay } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  PLOT_MATTER,
  advocateToken,
  call,
  client,
  clientAccount,
  clientToken,
  ctx,
  freshClient,
  otherToken,
  payOut,
  plotCase,
  receive,
  recorded,
  today,
  useClientMoneyTestContext,
} from './client-money-test-kit';

/**
 * What the client receives on paper from client money (ADR 045): the receipt marked "client
 * account" and their statement, read back as a person's viewer lays them out (pdftotext, as the
 * billing PDF tests do), for the people who may and may not download them.
 */

useClientMoneyTestContext();

/** The PDF's text as laid out, runs of spaces as one, a line per printed line. */
const textOf = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf })
    .toString()
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
/** The same text as one line: a wrapped title reads whole (a name may break after a hyphen). */
const flat = (text: string) => text.replace(/-\n/g, '-').replace(/\s+/g, ' ');

const receiptUrl = (id: string) => `/api/client-money/entries/${id}/receipt.pdf`;
const statementUrl = (clientId: string) => `/api/client-money/ledgers/${clientId}/pdf`;

async function pdf(token: string, url: string) {
  const response = await call(token, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['cache-control']).toBe('private, no-store');
  return { response, bytes: response.rawPayload, text: textOf(response.rawPayload) };
}

describe('GET /api/client-money/entries/{id}/receipt.pdf', () => {
  it('is a receipt marked client account: number, client, case, amount in words and figures, what is now held', async () => {
    const held = (await call(advocateToken, 'GET', `/api/client-money/ledgers/${client.id}`)).json()
      .balanceKsh as number;
    const entry = await receive(1_250_000, client, plotCase.id);
    const { response, text } = await pdf(advocateToken, receiptUrl(entry.id));

    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${entry.receiptNumber!.replaceAll('/', '-')}.pdf"`,
    );
    expect(text).toMatch(/RECEIPT/);
    expect(text).toContain('CLIENT ACCOUNT');
    expect(text).toContain(entry.receiptNumber!);
    expect(text).toContain('Kiprotich Chebet-Korir');
    expect(text).toContain(formatNairobiDay(today()));
    expect(text).toContain('KSh 1,250,000');
    expect(flat(text)).toContain('One million, two hundred and fifty thousand shillings only');
    expect(flat(text)).toContain(`${PLOT_MATTER} (${plotCase.caseNumber})`);
    expect(text).toContain('KCB Client Account (Kenya Commercial Bank, Moi Avenue, 1104567890)');
    expect(text).toContain('EQ7XK2P9LM');
    expect(text).toContain(
      `Now held for you in the firm’s client account: KSh ${(held + 1_250_000).toLocaleString('en-KE')}`,
    );
    expect(flat(text)).toContain('It is not a payment of fees.');
    expect(text).not.toContain('REVERSED');
  });

  it('is the client’s own to download, and not found for another client', async () => {
    const entry = await receive(86_400, client);
    const { text } = await pdf(clientToken, receiptUrl(entry.id));
    expect(text).toContain(entry.receiptNumber!);
    expect(flat(text)).toContain('No case: held as your general money');

    const other = await call(otherToken, 'GET', receiptUrl(entry.id));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Receipt not found', code: 'NOT_FOUND' });
  });

  it('is not found for an entry that is not a receipt, or for no entry at all', async () => {
    await receive(40_000, client, plotCase.id);
    const paid = await payOut(15_750, client, plotCase.id);
    expect(paid.statusCode, paid.body).toBe(201);
    for (const id of [paid.json().entry.id, '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e']) {
      const response = await call(advocateToken, 'GET', receiptUrl(id));
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Receipt not found');
    }
    const malformed = await call(advocateToken, 'GET', receiptUrl('CR-2026-0001'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ id: 'Entry not found' });
  });

  it('says when the receipt was corrected by a reversal, and is drawn anew once it was', async () => {
    const { user } = await freshClient('Nyokabi', 'Wanjiku-Mwangi');
    const entry = await receive(310_000, user);
    const before = await pdf(advocateToken, receiptUrl(entry.id));
    const again = await pdf(advocateToken, receiptUrl(entry.id));
    // Kept: the same bytes (the cache), not a second drawing with a new timestamp.
    expect(Buffer.compare(before.bytes, again.bytes)).toBe(0);

    await recorded({
      kind: 'reversal',
      date: today(),
      reversesId: entry.id,
      reason: 'Recorded against the wrong client',
    });
    const after = await pdf(advocateToken, receiptUrl(entry.id));
    expect(after.text).toContain('REVERSED');
    expect(after.text).toContain(entry.receiptNumber!);
  });
});

describe('GET /api/client-money/ledgers/{clientId}/pdf', () => {
  it('states what each case holds and every movement with its running balance, pages numbered', async () => {
    const { user, theCase } = await freshClient(
      'Wanjiku-Nyambura',
      'Kamau-Njoroge-Oloo-Wambui-Achieng',
    );
    await receive(2_500_000, user, theCase.id);
    await receive(125_000, user);
    // Enough movements for a second page: each a row of its own.
    for (let i = 1; i <= 34; i += 1) {
      const paid = await payOut(10_000 + i, user, theCase.id);
      expect(paid.statusCode, paid.body).toBe(201);
    }
    const spent = Array.from({ length: 34 }, (_, i) => 10_001 + i).reduce((a, b) => a + b, 0);
    const caseHeld = 2_500_000 - spent;
    const { response, text } = await pdf(advocateToken, statementUrl(user.id));
    const group = (n: number) => n.toLocaleString('en-KE');

    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Client-account-statement-${today()}.pdf"`,
    );
    expect(text).toContain('STATEMENT');
    expect(flat(text)).toContain('Wanjiku-Nyambura Kamau-Njoroge-Oloo-Wambui-Achieng');
    expect(text).toContain(`HELD FOR YOU IN THE CLIENT ACCOUNT`);
    expect(text).toContain(`KSh ${group(caseHeld + 125_000)}`);
    // The case's long title wraps beside what it holds.
    expect(flat(text)).toMatch(
      new RegExp(
        `Purchase of LR No\\. 209/13458 .*KSh ${group(caseHeld)} completion and transfer \\(${theCase.caseNumber}\\)`,
      ),
    );
    expect(text).toContain('No case (your general money) KSh 125,000');
    // The first receipt, then the general money, then the first payment, each with its balance.
    expect(text).toMatch(/Money received \(CR\/\d{4}\/\d+\): Deposit on 2,500,000 2,500,000/);
    expect(text).toMatch(/Money received \(CR\/\d{4}\/\d+\): Deposit on 125,000 2,625,000/);
    expect(text).toMatch(/Paid out for the client: Stamp duty on the 10,001 2,614,999/);
    expect(text).toContain(`Case ${theCase.caseNumber} · Ref. CHQ 004512`);
    // The last movement's balance is what is held now.
    expect(text).toMatch(new RegExp(`10,034 ${group(caseHeld + 125_000)}`));
    const pages = response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // The table's header is on every page.
    expect(text.match(/Date Movement In \(KSh\) Out \(KSh\) Balance \(KSh\)/g)).toHaveLength(pages);
  });

  it('is drawn anew when the ledger moves', async () => {
    const { user, theCase } = await freshClient('Odhiambo', 'Otieno-Ochieng');
    await receive(75_000, user, theCase.id);
    const first = await pdf(advocateToken, statementUrl(user.id));
    await receive(30_500, user, theCase.id);
    const second = await pdf(advocateToken, statementUrl(user.id));
    expect(first.text).not.toContain('105,500');
    expect(second.text).toContain('KSh 105,500');
  });

  it('is the client’s own, with nothing held yet; another client’s is not found', async () => {
    const { user } = await freshClient('Chebet', 'Jepkosgei');
    const own = await pdf(advocateToken, statementUrl(user.id));
    expect(own.text).toContain('Nothing is held for you now.');
    expect(own.text).toContain('No movements yet.');

    const mine = await pdf(clientToken, statementUrl(client.id));
    expect(mine.text).toContain('Kiprotich Chebet-Korir');
    const theirs = await call(otherToken, 'GET', statementUrl(client.id));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Client not found', code: 'CLIENT_NOT_FOUND' });
    // Staff asking for an account that is no client's: not found either.
    const notAClient = await call(advocateToken, 'GET', statementUrl(clientAccount.id));
    expect(notAClient.statusCode).toBe(404);
  });

  it('says how to pay money on account at the firm’s paybill, with the client’s own reference', async () => {
    const { user } = await freshClient('Mutua', 'Kioko');
    const reference = (
      await ctx.database.db
        .select({ n: users.paymentReference })
        .from(users)
        .where(eq(users.id, user.id))
    )[0]!.n!;
    const account = clientPaymentReference(reference);
    // No paybill yet (no MPESA_SHORTCODE, none in System Settings): nothing said of one.
    expect((await pdf(advocateToken, statementUrl(user.id))).text).not.toContain('Pay Bill');

    const current = (await call(advocateToken, 'GET', '/api/settings/firm')).json().settings;
    const saved = await call(advocateToken, 'PUT', '/api/settings/firm', {
      ...current,
      mpesaKind: 'paybill',
      mpesaNumber: '522533',
      mpesaInstructions: 'Account number: your fee note number or your own reference',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { text } = await pdf(advocateToken, statementUrl(user.id));
      expect(flat(text)).toContain(
        `To pay money on account from your phone’s M-Pesa menu: Pay Bill 522533, account ${account}`,
      );
    } finally {
      await call(advocateToken, 'PUT', '/api/settings/firm', current);
    }
  });
});
