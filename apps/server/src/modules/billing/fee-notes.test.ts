import type { FeeNote, FeeNotePage, Payment } from '@firm/shared';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { startAfricasTalkingFake } from '../../../test/outbox-fakes';
import { auditLog, notifications, type CaseRow, type UserRow } from '../../db/schema';

/**
 * Fee notes and payments by hand (ADR 035), through HTTP: drafting, issuing with a gap-free
 * number, the client told by email, text and bell, cancelling by a credit note, what a client
 * may see, payments and receipts, and the PDFs' text.
 */

let ctx: TestContext;
let sms: Awaited<ReturnType<typeof startAfricasTalkingFake>>;
let advocate: UserRow;
let client: UserRow;
let otherClient: UserRow;
let theCase: CaseRow;
let advocateToken: string;
let clientToken: string;
let otherToken: string;

const LONG_MATTER =
  'Corrections to the draft petition for the matrimonial property, Njoroge v Njoroge (ELC Case No. E123 of 2026)';

const lines = [
  {
    kind: 'fee',
    description:
      'Drafting and filing the petition, with two conferences with the client at our Upper Hill office',
    quantity: 1,
    unitPriceKsh: 45_000,
  },
  { kind: 'fee', description: 'Court attendance at Milimani', quantity: 2, unitPriceKsh: 7_500 },
  {
    kind: 'disbursement',
    description: 'Court filing fees (receipted)',
    quantity: 1,
    unitPriceKsh: 3_250,
  },
];

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

async function draft(overrides: Record<string, unknown> = {}): Promise<FeeNote> {
  const response = await call(advocateToken, 'POST', '/api/fee-notes', {
    clientId: client.id,
    caseId: theCase.id,
    dueDate: '2026-12-15',
    lines,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().feeNote as FeeNote;
}

async function issue(id: string): Promise<FeeNote> {
  const response = await call(advocateToken, 'POST', `/api/fee-notes/${id}/issue`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().feeNote as FeeNote;
}

async function setVatRegistered(isVatRegistered: boolean) {
  const current = (await call(advocateToken, 'GET', '/api/settings/firm')).json().settings;
  const response = await call(advocateToken, 'PUT', '/api/settings/firm', {
    ...current,
    kraPin: 'P051234567X',
    isVatRegistered,
    mpesaNumber: '522533',
    mpesaInstructions: 'Use the fee note number as the account number',
  });
  expect(response.statusCode, response.body).toBe(200);
}

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fee-note-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  sms = await startAfricasTalkingFake();
  ctx = await createTestContext({
    AT_USERNAME: 'mwamba',
    AT_API_KEY: 'test-api-key',
    AT_BASE_URL: sms.url,
  });
  advocate = await seedUser(ctx, { role: 'advocate', email: 'achieng.mwamba@fee-notes.test' });
  client = await seedUser(ctx, {
    role: 'client',
    email: 'wanjiru.kamau-njoroge@kamaunjoroge-holdings.co.ke',
    firstName: 'Wanjiru',
    lastName: 'Kamau-Njoroge',
    phone: '+254712345678',
  });
  otherClient = await seedUser(ctx, { role: 'client', email: 'otieno@fee-notes.test' });
  theCase = await seedCase(ctx, client.id, { title: LONG_MATTER, assigneeId: advocate.id });
  advocateToken = await sessionFor(ctx, advocate);
  clientToken = await sessionFor(ctx, client);
  otherToken = await sessionFor(ctx, otherClient);
});
afterAll(async () => {
  await ctx.close();
  await sms.close();
});

describe('drafting', () => {
  it('computes the totals once, without VAT while the firm is not VAT-registered', async () => {
    const note = await draft();
    expect(note.status).toBe('draft');
    expect(note.number).toBeNull();
    expect(note.totals).toEqual({
      feesKsh: 60_000,
      disbursementsKsh: 3_250,
      vatRatePercent: 0,
      vatKsh: 0,
      totalKsh: 63_250,
      paidKsh: 0,
      balanceKsh: 0,
    });
    expect(note.lines.map((line) => line.amountKsh)).toEqual([45_000, 15_000, 3_250]);
  });

  it('answers bad input with field messages, never a 500', async () => {
    const response = await call(advocateToken, 'POST', '/api/fee-notes', {
      clientId: client.id,
      dueDate: '15/12/2026',
      lines: [{ kind: 'fee', description: '', quantity: 0.5, unitPriceKsh: -1 }],
    });
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as Record<string, string>;
    expect(errors.dueDate).toBe('Dates are written YYYY-MM-DD');
    expect(errors['lines.0.description']).toBe('Describe the work or the cost');
    expect(errors['lines.0.quantity']).toMatch(/whole number/);
    expect(errors['lines.0.unitPriceKsh']).toMatch(/whole number of shillings/);
    const empty = await call(advocateToken, 'POST', '/api/fee-notes', {
      clientId: client.id,
      dueDate: '2026-12-15',
      lines: [],
    });
    expect(empty.json().errors.lines).toBe('Add at least one line');
  });

  it('refuses a case of another client and a client that is not one', async () => {
    const otherCase = await seedCase(ctx, otherClient.id);
    const wrongCase = await call(advocateToken, 'POST', '/api/fee-notes', {
      clientId: client.id,
      caseId: otherCase.id,
      dueDate: '2026-12-15',
      lines,
    });
    expect(wrongCase.statusCode).toBe(400);
    expect(wrongCase.json().errors.caseId).toBe('Choose one of this client’s cases, or none');
    const staff = await call(advocateToken, 'POST', '/api/fee-notes', {
      clientId: advocate.id,
      dueDate: '2026-12-15',
      lines,
    });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().errors.clientId).toBe('Client not found');
  });

  it('keeps drafts from the client: not listed, not found', async () => {
    const note = await draft();
    expect((await call(clientToken, 'GET', `/api/fee-notes/${note.id}`)).statusCode).toBe(404);
    const page = (await call(clientToken, 'GET', '/api/fee-notes')).json() as FeeNotePage;
    expect(page.feeNotes.some((each) => each.id === note.id)).toBe(false);
  });

  it('changes and deletes a draft', async () => {
    const note = await draft();
    const changed = await call(advocateToken, 'PUT', `/api/fee-notes/${note.id}`, {
      caseId: null,
      dueDate: '2026-12-31',
      buyerKraPin: 'a123456789b',
      lines: [
        { kind: 'fee', description: 'Advice on the lease', quantity: 1, unitPriceKsh: 10_000 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const saved = changed.json().feeNote as FeeNote;
    expect(saved.case).toBeNull();
    expect(saved.buyerKraPin).toBe('A123456789B');
    expect(saved.totals.totalKsh).toBe(10_000);
    const deleted = await call(advocateToken, 'DELETE', `/api/fee-notes/${note.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call(advocateToken, 'GET', `/api/fee-notes/${note.id}`)).statusCode).toBe(404);
  });
});

describe('issuing', () => {
  it('numbers fee notes FN/<year>/<4 digits> without gaps, with VAT on fees only once registered', async () => {
    await setVatRegistered(true);
    const first = await issue((await draft()).id);
    const second = await issue((await draft()).id);
    const year = new Date().getUTCFullYear();
    expect(first.number).toMatch(new RegExp(`^FN/${year}/\\d{4}$`));
    const n = (number: string | null) => Number(number!.split('/')[2]);
    expect(n(second.number)).toBe(n(first.number) + 1);
    expect(first.totals).toMatchObject({ vatRatePercent: 16, vatKsh: 9_600, totalKsh: 72_850 });
    expect(first.totals.balanceKsh).toBe(72_850);
    expect(first.status).toBe('issued');
    await setVatRegistered(false);
  });

  it('issues numbers once each when two issues race', async () => {
    const [a, b] = [await draft(), await draft()];
    const answers = await Promise.all([
      call(advocateToken, 'POST', `/api/fee-notes/${a.id}/issue`),
      call(advocateToken, 'POST', `/api/fee-notes/${b.id}/issue`),
      call(advocateToken, 'POST', `/api/fee-notes/${a.id}/issue`),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 409]);
    const numbers = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json().feeNote.number);
    expect(new Set(numbers).size).toBe(2);
  });

  it('texts a fee note only to a client who switched billing texts on (docs/product-rules.md)', async () => {
    sms.requests.length = 0;
    const unasked = await issue((await draft()).id);
    await settleMail(ctx);
    expect(sms.requests.some((request) => request.form.message?.includes(unasked.number!))).toBe(
      false,
    );
    const choice = await call(clientToken, 'PUT', '/api/profile/sms-preferences', {
      billing: true,
    });
    expect(choice.statusCode, choice.body).toBe(200);
  });

  it('tells the client by bell, email and text, and lets them read and download it', async () => {
    sms.requests.length = 0;
    const before = ctx.mail.length;
    const note = await issue((await draft()).id);
    await settleMail(ctx);
    const email = ctx.mail.slice(before).find((mail) => mail.subject.includes(note.number!));
    expect(email?.to).toBe(client.email);
    expect(email?.subject).toBe(`Fee note ${note.number}: Mwamba & Associates Advocates`);
    expect(email?.text).toContain(`http://portal.test/billing/${note.id}`);
    expect(email?.text).toContain('KSh 63,250');
    const text = sms.requests.find((request) => request.form.message?.includes(note.number!));
    expect(text?.form.to).toBe('+254712345678');
    expect(text!.form.message!.length).toBeLessThanOrEqual(160);
    const [bell] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.subjectId, note.id));
    expect(bell?.actionUrl).toBe(`/billing/${note.id}`);

    const seen = (await call(clientToken, 'GET', `/api/fee-notes/${note.id}`)).json() as FeeNote;
    expect(seen.number).toBe(note.number);
    expect(seen.case?.title).toBe(LONG_MATTER);
    const page = (await call(clientToken, 'GET', '/api/fee-notes')).json() as FeeNotePage;
    expect(page.feeNotes.every((each) => each.status !== 'draft')).toBe(true);
    expect(page.balanceKsh).toBe(page.feeNotes.reduce((sum, each) => sum + each.balanceKsh, 0));

    const pdf = await call(clientToken, 'GET', `/api/fee-notes/${note.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="${note.number!.replaceAll('/', '-')}.pdf"`,
    );
    const words = pdfText(pdf.rawPayload);
    expect(words).toContain(note.number!);
    expect(words).toContain('Wanjiru Kamau-Njoroge');
    expect(words).toContain('63,250');
  });

  it('answers another client with 404 for the fee note and its PDF', async () => {
    const note = await issue((await draft()).id);
    expect((await call(otherToken, 'GET', `/api/fee-notes/${note.id}`)).statusCode).toBe(404);
    expect((await call(otherToken, 'GET', `/api/fee-notes/${note.id}/pdf`)).statusCode).toBe(404);
    const page = (await call(otherToken, 'GET', '/api/fee-notes')).json() as FeeNotePage;
    expect(page.feeNotes).toEqual([]);
    expect(page.balanceKsh).toBe(0);
  });

  it('never changes an issued fee note', async () => {
    const note = await issue((await draft()).id);
    const put = await call(advocateToken, 'PUT', `/api/fee-notes/${note.id}`, {
      dueDate: '2026-12-31',
      lines,
    });
    expect(put.statusCode).toBe(409);
    expect((await call(advocateToken, 'DELETE', `/api/fee-notes/${note.id}`)).statusCode).toBe(409);
  });
});

describe('cancelling', () => {
  it('cancels by a numbered credit note with the reason, audited', async () => {
    const note = await issue((await draft()).id);
    const response = await call(advocateToken, 'POST', `/api/fee-notes/${note.id}/cancel`, {
      reason: 'Billed to the wrong matter; a corrected fee note follows',
    });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = response.json().feeNote as FeeNote;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancellation?.creditNoteNumber).toMatch(/^CN\/\d{4}\/\d{4}$/);
    expect(cancelled.totals.balanceKsh).toBe(0);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fee_note.cancelled'));
    expect(
      audit.some((row) => row.details.feeNoteId === note.id && row.targetUserId === client.id),
    ).toBe(true);
    const pdf = await call(clientToken, 'GET', `/api/fee-notes/${note.id}/credit-note`);
    expect(pdf.statusCode).toBe(200);
    const words = pdfText(pdf.rawPayload);
    expect(words).toContain(cancelled.cancellation!.creditNoteNumber);
    expect(words).toContain(note.number!);
    expect(words).toContain('Billed to the wrong matter');
    expect(
      (await call(otherToken, 'GET', `/api/fee-notes/${note.id}/credit-note`)).statusCode,
    ).toBe(404);
    const live = await issue((await draft()).id);
    expect(
      (await call(clientToken, 'GET', `/api/fee-notes/${live.id}/credit-note`)).statusCode,
    ).toBe(404);
    const again = await call(advocateToken, 'POST', `/api/fee-notes/${note.id}/cancel`, {
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
  });

  it('prints a line in Arabic, Hebrew and Greek as typed, and refuses emoji by the field', async () => {
    const typed = 'أتعاب المحاماة עורך דין 🙂👩‍⚖️🇰🇪 Ω';
    const refused = await call(advocateToken, 'POST', '/api/fee-notes', {
      clientId: client.id,
      dueDate: '2026-12-15',
      lines: [{ kind: 'fee', description: typed, quantity: 1, unitPriceKsh: 10_000 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['lines.0.description']).toBe(
      'Cannot be printed on a fee note or receipt: 🙂 👩‍⚖️ 🇰🇪. Use letters (Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari or Gujarati), digits and punctuation, without emoji',
    );

    const note = await issue(
      (
        await draft({
          lines: [
            {
              kind: 'fee',
              description: 'أتعاب المحاماة עורך דין Ω',
              quantity: 1,
              unitPriceKsh: 10_000,
            },
          ],
        })
      ).id,
    );
    const pdf = await call(clientToken, 'GET', `/api/fee-notes/${note.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload).replace(/[\u202a-\u202e]/g, '')).toContain(
      'أتعاب المحاماة עורך דין',
    );

    const reason = await call(advocateToken, 'POST', `/api/fee-notes/${note.id}/cancel`, {
      reason: 'Billed twice 🙈',
    });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().errors.reason).toMatch(
      /^Cannot be printed on a fee note or receipt: 🙈\./,
    );
  });

  it("refuses a client's name the fee note could not print, naming the field", async () => {
    const response = await call(advocateToken, 'PATCH', `/api/clients/${client.id}`, {
      firstName: 'Wanjiru 🌸',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.firstName).toMatch(
      /^Cannot be printed on a fee note or receipt: 🌸\./,
    );
    const greek = await call(advocateToken, 'PATCH', `/api/clients/${client.id}`, {
      lastName: 'Kamau-Njoroge',
      firstName: 'Wanjiru',
    });
    expect(greek.statusCode, greek.body).toBe(200);
  });

  it('asks for a reason', async () => {
    const note = await issue((await draft()).id);
    const response = await call(advocateToken, 'POST', `/api/fee-notes/${note.id}/cancel`, {
      reason: '  ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.reason).toBe('Say why the fee note is cancelled');
  });
});

describe('payments by hand', () => {
  it('records part then the rest: partly paid, then paid, each with an RC receipt', async () => {
    const note = await issue((await draft()).id);
    const part = await call(advocateToken, 'POST', '/api/payments', {
      feeNoteId: note.id,
      amountKsh: 20_000,
      method: 'bank',
      reference: 'EQ-TRF-88213',
    });
    expect(part.statusCode, part.body).toBe(201);
    const first = part.json().payment as Payment;
    expect(first.receiptNumber).toMatch(/^RC\/\d{4}\/\d{4}$/);
    expect(first.status).toBe('succeeded');
    let seen = (await call(clientToken, 'GET', `/api/fee-notes/${note.id}`)).json() as FeeNote;
    expect(seen.status).toBe('partly_paid');
    expect(seen.totals.balanceKsh).toBe(43_250);
    expect(seen.payments[0]?.recordedBy).toBeNull();

    const over = await call(advocateToken, 'POST', '/api/payments', {
      feeNoteId: note.id,
      amountKsh: 43_251,
      method: 'cash',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.amountKsh).toBe('The amount is more than what is owed (KSh 43,250)');

    const rest = await call(advocateToken, 'POST', '/api/payments', {
      feeNoteId: note.id,
      amountKsh: 43_250,
      method: 'cheque',
      reference: 'CHQ 004512',
    });
    expect(rest.statusCode).toBe(201);
    seen = (await call(clientToken, 'GET', `/api/fee-notes/${note.id}`)).json() as FeeNote;
    expect(seen.status).toBe('paid');
    expect(seen.totals.balanceKsh).toBe(0);

    const receiptId = (rest.json().payment as Payment).id;
    const receipt = await call(clientToken, 'GET', `/api/payments/${receiptId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    const words = pdfText(receipt.rawPayload);
    expect(words).toContain((rest.json().payment as Payment).receiptNumber!);
    expect(words).toContain('43,250');
    expect((await call(otherToken, 'GET', `/api/payments/${receiptId}/receipt`)).statusCode).toBe(
      404,
    );
    expect((await call(otherToken, 'GET', `/api/payments/${receiptId}`)).statusCode).toBe(404);

    const paidAgain = await call(advocateToken, 'POST', '/api/payments', {
      feeNoteId: note.id,
      amountKsh: 1,
      method: 'cash',
    });
    expect(paidAgain.statusCode).toBe(409);
    const cancel = await call(advocateToken, 'POST', `/api/fee-notes/${note.id}/cancel`, {
      reason: 'x',
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('wants a reference for anything but cash, and one target', async () => {
    const note = await issue((await draft()).id);
    const noRef = await call(advocateToken, 'POST', '/api/payments', {
      feeNoteId: note.id,
      amountKsh: 100,
      method: 'mpesa',
    });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().errors.reference).toMatch(/Give the reference/);
    const none = await call(advocateToken, 'POST', '/api/payments', {
      amountKsh: 100,
      method: 'cash',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.feeNoteId).toBe('Choose the fee note or the appointment this pays');
    const draftNote = await draft();
    const onDraft = await call(advocateToken, 'POST', '/api/payments', {
      feeNoteId: draftNote.id,
      amountKsh: 100,
      method: 'cash',
    });
    expect(onDraft.statusCode).toBe(409);
  });

  it("lists a client's own payments only", async () => {
    const mine = (await call(clientToken, 'GET', '/api/payments')).json().payments as Payment[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((payment) => payment.clientName === 'Wanjiru Kamau-Njoroge')).toBe(true);
    expect((await call(otherToken, 'GET', '/api/payments')).json().payments).toEqual([]);
  });
});

describe('the dashboards', () => {
  it("follow fee notes: the client's fees owed, and the firm's fees paid this month", async () => {
    const stats = async (token: string) =>
      (await call(token, 'GET', '/api/dashboard/stats')).json() as {
        client?: { feesPendingKsh: number; feesPendingCount: number };
        fees?: { paidKsh: number; paidCount: number };
      };
    const page = (await call(clientToken, 'GET', '/api/fee-notes')).json() as FeeNotePage;
    const before = await stats(clientToken);
    expect(before.client?.feesPendingKsh).toBe(page.balanceKsh);
    const firmBefore = (await stats(advocateToken)).fees!;

    const note = await issue((await draft()).id);
    expect((await stats(clientToken)).client?.feesPendingKsh).toBe(
      before.client!.feesPendingKsh + note.totals.totalKsh,
    );
    await call(advocateToken, 'POST', '/api/payments', {
      feeNoteId: note.id,
      amountKsh: 10_000,
      method: 'cash',
    });
    const firmAfter = (await stats(advocateToken)).fees!;
    expect(firmAfter.paidKsh).toBe(firmBefore.paidKsh + 10_000);
    expect(firmAfter.paidCount).toBe(firmBefore.paidCount + 1);
    expect((await stats(clientToken)).client?.feesPendingKsh).toBe(
      before.client!.feesPendingKsh + note.totals.totalKsh - 10_000,
    );
  });
});

describe("a client's account", () => {
  it('cannot be deleted while it has fee notes: 409 with what to do instead', async () => {
    const billed = await seedUser(ctx, { role: 'client', email: 'billed@fee-notes.test' });
    const drafted = await call(advocateToken, 'POST', '/api/fee-notes', {
      clientId: billed.id,
      dueDate: '2026-12-15',
      lines,
    });
    expect(drafted.statusCode).toBe(201);
    const response = await call(advocateToken, 'DELETE', `/api/user-management/user/${billed.id}`);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      message:
        'This client has fee notes or payments, which the firm must keep for 7 years. Deactivate the account instead.',
      code: 'USER_HAS_BILLING',
    });
  });
});

describe('Download my data', () => {
  it("carries the client's issued fee notes and payments as they see them, never a draft or a staff field", async () => {
    const hand = await issue((await draft()).id);
    await call(advocateToken, 'POST', '/api/payments', {
      feeNoteId: hand.id,
      amountKsh: 5_000,
      method: 'cash',
    });
    const kept = await draft();
    const response = await call(clientToken, 'GET', '/api/profile/export');
    expect(response.statusCode).toBe(200);
    const file = response.json() as { feeNotes: FeeNote[] };
    const ids = file.feeNotes.map((note) => note.id);
    expect(ids).toContain(hand.id);
    expect(ids).not.toContain(kept.id);
    const exported = file.feeNotes.find((note) => note.id === hand.id)!;
    expect(exported.payments).toHaveLength(1);
    expect(exported.payments[0]).toMatchObject({ amountKsh: 5_000, recordedBy: null });
    // Staff have no fee notes of their own.
    const staffFile = (await call(advocateToken, 'GET', '/api/profile/export')).json();
    expect(staffFile.feeNotes).toBeUndefined();
  });
});
