import type { FeeNote, FeeNotePage } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedCase } from '../../../test/cases';
import { settleMail } from '../../../test/helpers';
import { notifications } from '../../db/schema';
import {
  useFeeNotesTestContext,
  ctx,
  sms,
  advocate,
  client,
  otherClient,
  advocateToken,
  clientToken,
  otherToken,
  LONG_MATTER,
  lines,
  call,
  draft,
  issue,
  pdfText,
} from './fee-notes-test-kit';

/** Fee notes (ADR 035), through HTTP: drafting, issuing with a gap-free number, the client told by
 * email, text and bell, what a client may see, and the dashboards. */

useFeeNotesTestContext();

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
