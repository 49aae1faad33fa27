import { EXPENSE_TEXTS, type Expense } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { PDF_BYTES } from '../../../test/cases';
import { expenses } from '../../db/schema';
import { call, expenseForm, the, useTimeTestContext } from './time-test-kit';

/**
 * An expense's receipt (ADR 050): the person who recorded it opens it, as do those who see
 * everyone's time (time:manage); anyone else is told it is not there.
 */

useTimeTestContext();

async function spend(token: string, caseId = the.theCase.id) {
  const form = expenseForm(
    {
      caseId,
      date: '2026-12-02',
      kind: 'court_fees',
      amountKsh: 3_250,
      payee: 'Milimani Law Courts',
      paidFrom: 'firm',
    },
    { name: 'Risiti ya mahakama – Milimani.pdf', bytes: PDF_BYTES },
  );
  const response = await the.ctx.app.inject({
    method: 'POST',
    url: '/api/expenses',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Expense;
}

describe('an expense’s receipt', () => {
  it('opens for the person who recorded it, under its own name, kept by no cache', async () => {
    const expense = await spend(the.clerkToken);
    const response = await call(the.clerkToken, 'GET', `/api/expenses/${expense.id}/receipt`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''Risiti%20ya%20mahakama%20%E2%80%93%20Milimani.pdf",
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('opens for an advocate, who sees everyone’s expenses', async () => {
    const expense = await spend(the.clerkToken);
    const response = await call(the.advocateToken, 'GET', `/api/expenses/${expense.id}/receipt`);
    expect(response.statusCode).toBe(200);
  });

  it('is not there for someone who sees only their own expenses', async () => {
    const expense = await spend(the.advocateToken);
    const response = await call(the.clerkToken, 'GET', `/api/expenses/${expense.id}/receipt`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: EXPENSE_TEXTS.receiptNotFound });
  });

  it('is not there for an expense recorded without one, nor for an unknown id (a garbled one is a bad request)', async () => {
    const [row] = await the.ctx.app.db
      .insert(expenses)
      .values({
        caseId: the.theCase.id,
        userId: the.advocate.id,
        spentOn: '2026-12-01',
        kind: 'travel',
        amountKsh: 600,
        payee: 'Matatu',
        paidFrom: 'firm',
      })
      .returning();
    const none = await call(the.advocateToken, 'GET', `/api/expenses/${row!.id}/receipt`);
    expect(none.statusCode).toBe(404);
    const unknown = await call(
      the.advocateToken,
      'GET',
      '/api/expenses/7b0a3a4e-1111-4111-8111-111111111111/receipt',
    );
    expect(unknown.statusCode).toBe(404);
    const garbled = await call(the.advocateToken, 'GET', '/api/expenses/not-an-id/receipt');
    expect(garbled.statusCode).toBe(400);
  });

  it('is refused to a client', async () => {
    const expense = await spend(the.advocateToken);
    const response = await call(the.clientToken, 'GET', `/api/expenses/${expense.id}/receipt`);
    expect(response.statusCode).toBe(403);
  });

  it('goes with its expense when the expense is deleted', async () => {
    const expense = await spend(the.advocateToken);
    const removed = await call(the.advocateToken, 'DELETE', `/api/expenses/${expense.id}`);
    expect(removed.statusCode).toBe(200);
    const response = await call(the.advocateToken, 'GET', `/api/expenses/${expense.id}/receipt`);
    expect(response.statusCode).toBe(404);
  });
});
