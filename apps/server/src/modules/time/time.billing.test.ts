import type { Expense, FeeNote, TimeEntry, Unbilled } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { PDF_BYTES } from '../../../test/cases';
import { call, expenseForm, the, useTimeTestContext } from './time-test-kit';

/**
 * Expenses and "Bill this" through HTTP (ADR 050): unbilled work drafted into a fee note whose
 * lines add up to the entries, billed when the note is issued (and locked), unbilled again when
 * it is cancelled; write-downs kept with their reason; a fixed-fee case's time never billed line
 * by line.
 */

useTimeTestContext();

async function record(overrides: Record<string, unknown> = {}) {
  const response = await call(the.advocateToken, 'POST', '/api/time-entries', {
    caseId: the.theCase.id,
    date: '2026-12-03',
    minutes: 60,
    activity: 'drafting',
    narrative: 'Drafting the plaint',
    rateKsh: 10_000,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TimeEntry;
}

async function spend(fields: Record<string, string | number> = {}) {
  const form = expenseForm(
    {
      caseId: the.theCase.id,
      date: '2026-12-02',
      kind: 'court_fees',
      amountKsh: 3_250,
      payee: 'Milimani Law Courts',
      paidFrom: 'firm',
      ...fields,
    },
    { name: 'receipt.pdf', bytes: PDF_BYTES },
  );
  const response = await the.ctx.app.inject({
    method: 'POST',
    url: '/api/expenses',
    headers: { ...form.headers, authorization: `Bearer ${the.advocateToken}` },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Expense;
}

async function billThis(body: Record<string, unknown>) {
  const response = await call(the.advocateToken, 'POST', '/api/fee-notes/from-unbilled', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().feeNote as FeeNote;
}

const entriesOf = async (caseId: string) =>
  (
    (await call(the.advocateToken, 'GET', `/api/time-entries?caseId=${caseId}`)).json() as {
      entries: TimeEntry[];
    }
  ).entries;

describe('expenses', () => {
  it('are recorded with a receipt checked as documents are', async () => {
    const made = await spend();
    expect(made).toMatchObject({
      kind: 'court_fees',
      amountKsh: 3_250,
      receiptName: 'receipt.pdf',
    });

    const exe = expenseForm(
      {
        caseId: the.theCase.id,
        date: '2026-12-02',
        kind: 'filing',
        amountKsh: 500,
        payee: 'Registry',
        paidFrom: 'firm',
      },
      {
        name: 'receipt.pdf',
        bytes: Buffer.from('MZ\x90\x00 not a receipt at all'),
        type: 'application/pdf',
      },
    );
    const refused = await the.ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...exe.headers, authorization: `Bearer ${the.advocateToken}` },
      payload: exe.payload,
    });
    expect(refused.statusCode).toBe(415);

    const noReceipt = expenseForm({
      caseId: the.theCase.id,
      date: '2026-12-02',
      kind: 'filing',
      amountKsh: 0,
      payee: '',
      paidFrom: 'firm',
    });
    const bad = await the.ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...noReceipt.headers, authorization: `Bearer ${the.advocateToken}` },
      payload: noReceipt.payload,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['amountKsh', 'payee', 'file']),
    );
  });
});

describe('billing unbilled work', () => {
  it('shows a case’s, a client’s and the firm’s unbilled time, value, expenses and oldest entry', async () => {
    const response = await call(the.advocateToken, 'GET', `/api/unbilled?caseId=${the.theCase.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const unbilled = response.json() as Unbilled;
    expect(unbilled.totals.expensesKsh).toBe(3_250);
    expect(unbilled.totals.oldestDate).toBe('2026-12-02');
    const firm = (await call(the.advocateToken, 'GET', '/api/unbilled')).json() as Unbilled;
    expect(firm.cases.find((row) => row.caseId === the.theCase.id)).toMatchObject({
      clientId: the.client.id,
      clientName: 'Test client',
      expensesKsh: 3_250,
    });
    // Those who only record their own time do not see the firm's unbilled work.
    expect((await call(the.clerkToken, 'GET', '/api/unbilled')).statusCode).toBe(403);
  });

  it('drafts a fee note whose lines add up to the entries, billed on issue, unbilled on cancel', async () => {
    const one = await record({ minutes: 60 });
    const two = await record({
      minutes: 30,
      activity: 'attendance',
      narrative: 'Meeting the client',
    });
    const three = await record({ minutes: 12, narrative: 'Drafting the reply' });
    const receipt = await spend({ amountKsh: 1_200, kind: 'courier', payee: 'G4S' });

    const note = await billThis({
      entryIds: [one.id, two.id, three.id],
      expenseIds: [receipt.id],
      grouping: 'activity',
      writeDowns: [{ entryId: three.id, billedKsh: 1_000, reason: 'Reply was short' }],
    });
    expect(note.status).toBe('draft');
    expect(note.client.id).toBe(the.client.id);
    expect(note.case?.id).toBe(the.theCase.id);
    const fees = note.lines.filter((line) => line.kind === 'fee');
    // Two activities: drafting (10,000 + 1,000 written down from 2,000) and attendance (5,000).
    expect(fees.map((line) => line.amountKsh).sort((a, b) => a - b)).toEqual([5_000, 11_000]);
    expect(note.lines.find((line) => line.kind === 'disbursement')?.amountKsh).toBe(1_200);
    expect(note.lines.reduce((sum, line) => sum + line.amountKsh, 0)).toBe(17_200);

    let entries = await entriesOf(the.theCase.id);
    const third = entries.find((e) => e.id === three.id)!;
    expect(third).toMatchObject({
      billing: 'drafted',
      billedKsh: 1_000,
      writeDownReason: 'Reply was short',
    });
    // On a draft, not billed twice.
    const again = await call(the.advocateToken, 'POST', '/api/fee-notes/from-unbilled', {
      entryIds: [one.id],
    });
    expect(again.statusCode).toBe(409);

    const issued = await call(the.advocateToken, 'POST', `/api/fee-notes/${note.id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    entries = await entriesOf(the.theCase.id);
    expect(entries.find((e) => e.id === one.id)?.billing).toBe('billed');

    const edit = await call(the.advocateToken, 'PUT', `/api/time-entries/${one.id}`, {
      caseId: the.theCase.id,
      date: '2026-12-03',
      minutes: 6,
      activity: 'drafting',
      narrative: 'Changed',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/issued fee note/);
    expect(
      (await call(the.advocateToken, 'DELETE', `/api/time-entries/${one.id}`)).statusCode,
    ).toBe(409);
    expect(
      (await call(the.advocateToken, 'DELETE', `/api/expenses/${receipt.id}`)).statusCode,
    ).toBe(409);

    const cancelled = await call(the.advocateToken, 'POST', `/api/fee-notes/${note.id}/cancel`, {
      reason: 'Billed to the wrong matter',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    entries = await entriesOf(the.theCase.id);
    for (const id of [one.id, two.id, three.id]) {
      expect(entries.find((e) => e.id === id)).toMatchObject({
        billing: 'unbilled',
        feeNoteId: null,
      });
    }
    const unbilled = (
      await call(the.advocateToken, 'GET', `/api/unbilled?caseId=${the.theCase.id}`)
    ).json() as Unbilled;
    expect(unbilled.entries.map((e) => e.id)).toEqual(
      expect.arrayContaining([one.id, two.id, three.id]),
    );
    expect(unbilled.expenses.map((e) => e.id)).toContain(receipt.id);
    const editable = await call(the.advocateToken, 'DELETE', `/api/time-entries/${two.id}`);
    expect(editable.statusCode).toBe(200);
  });

  it('bills one line per entry when the drafter chooses, each line the entry’s value', async () => {
    const a = await record({ minutes: 18, rateKsh: 9_000, narrative: 'Perusal of the title' });
    const b = await record({
      minutes: 6,
      rateKsh: 9_000,
      activity: 'call',
      narrative: 'Call with the surveyor',
    });
    const note = await billThis({ entryIds: [a.id, b.id], grouping: 'entry' });
    expect(note.lines.map((line) => line.amountKsh)).toEqual([2_700, 900]);
    expect(note.lines[0]!.description).toContain('Perusal of the title');
    // Deleting the draft gives the entries back to the unbilled list.
    expect((await call(the.advocateToken, 'DELETE', `/api/fee-notes/${note.id}`)).statusCode).toBe(
      200,
    );
    const entries = await entriesOf(the.theCase.id);
    expect(entries.find((e) => e.id === a.id)?.billing).toBe('unbilled');
  });

  it('refuses entries of two clients, a write-down above the value, and a fixed-fee case’s time', async () => {
    const mine = await record();
    const theirs = await record({ caseId: the.otherCase.id });
    const two = await call(the.advocateToken, 'POST', '/api/fee-notes/from-unbilled', {
      entryIds: [mine.id, theirs.id],
    });
    expect(two.statusCode).toBe(400);
    const over = await call(the.advocateToken, 'POST', '/api/fee-notes/from-unbilled', {
      entryIds: [mine.id],
      writeDowns: [{ entryId: mine.id, billedKsh: 20_000, reason: 'More' }],
    });
    expect(over.statusCode).toBe(400);
    const fixed = await call(
      the.advocateToken,
      'PUT',
      `/api/cases/${the.otherCase.id}/fee-arrangement`,
      {
        kind: 'fixed',
        agreedOn: '2026-11-20',
        fixedFeeKsh: 150_000,
      },
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    const refused = await call(the.advocateToken, 'POST', '/api/fee-notes/from-unbilled', {
      entryIds: [theirs.id],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/fixed-fee case/);
    // Nor is it offered as unbilled work.
    const offered = (
      await call(the.advocateToken, 'GET', `/api/unbilled?caseId=${the.otherCase.id}`)
    ).json() as Unbilled;
    expect(offered.entries).toEqual([]);
    const nothing = await call(the.advocateToken, 'POST', '/api/fee-notes/from-unbilled', {});
    expect(nothing.statusCode).toBe(400);
  });
});
