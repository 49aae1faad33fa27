import type { FeeNote, Payment } from '@firm/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedUser } from '../../../test/accounts';
import { auditLog } from '../../db/schema';
import {
  useFeeNotesTestContext,
  ctx,
  client,
  advocateToken,
  clientToken,
  otherToken,
  lines,
  call,
  draft,
  issue,
  pdfText,
} from './fee-notes-test-kit';

/** Fee notes and payments by hand (ADR 035), through HTTP: cancelling by a credit note, payments
 * and receipts and the PDFs' text, a client's account, and Download my data. */

useFeeNotesTestContext();

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
    // Each was recorded by staff, and the list says so (ADR 048).
    expect(mine.every((payment) => payment.source === 'manual')).toBe(true);
    expect((await call(otherToken, 'GET', '/api/payments')).json().payments).toEqual([]);
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
        'This client has fee notes, payments or client money, which the firm must keep for 7 years. Deactivate the account instead.',
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
