import {
  TIME_TEXTS as T,
  describeAuditEntry,
  type AuditEntryView,
  type Expense,
  type TimeEntry,
} from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { PDF_BYTES } from '../../../test/cases';
import { call, expenseForm, the, useTimeTestContext } from './time-test-kit';

/**
 * The audit log's sentences for time and expenses (ADR 050): every entry and expense recorded,
 * changed or deleted, whose it was when someone else changed it, and the fee note "Bill this"
 * drafted, with what it took and what was written down and why.
 */

useTimeTestContext();

const sentences = async () => {
  const log = await call(the.advocateToken, 'GET', '/api/settings/audit-log?limit=100');
  expect(log.statusCode, log.body).toBe(200);
  return (log.json().entries as AuditEntryView[]).map(
    (entry) => describeAuditEntry(entry as Parameters<typeof describeAuditEntry>[0]).text,
  );
};

const entryBody = (overrides: Record<string, unknown> = {}) => ({
  caseId: the.theCase.id,
  date: '2026-12-03',
  minutes: 90,
  activity: 'drafting',
  narrative: 'Drafting the plaint',
  rateKsh: 10_000,
  ...overrides,
});

async function spend(token: string, amountKsh: number) {
  const form = expenseForm(
    {
      caseId: the.theCase.id,
      date: '2026-12-02',
      kind: 'court_fees',
      amountKsh,
      payee: 'Milimani Law Courts',
      paidFrom: 'firm',
    },
    { name: 'receipt.pdf', bytes: PDF_BYTES },
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

describe('audit of time and expenses', () => {
  it('says who recorded, changed and deleted time, and whose it was', async () => {
    const file = `case file ${the.theCase.caseNumber}`;
    const created = await call(the.clerkToken, 'POST', '/api/time-entries', entryBody());
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json() as TimeEntry;
    const changed = await call(
      the.advocateToken,
      'PUT',
      `/api/time-entries/${entry.id}`,
      entryBody({ minutes: 120, activity: 'research' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const deleted = await call(the.clerkToken, 'DELETE', `/api/time-entries/${entry.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const log = await sentences();
    expect(log).toContain(
      `Test admin recorded a time entry on ${file}: 1.5 h of drafting on Thu 3 Dec 2026 (KSh 15,000)`,
    );
    expect(log).toContain(
      `Test advocate changed Test admin’s time entry on ${file}: 2.0 h of research on Thu 3 Dec 2026 (KSh 20,000)`,
    );
    expect(log).toContain(
      `Test admin deleted a time entry on ${file}: 2.0 h of research on Thu 3 Dec 2026 (KSh 20,000)`,
    );
  });

  it('audits the entry a stopped timer files', async () => {
    const started = await call(the.advocateToken, 'POST', '/api/timer', {
      action: 'start',
      caseId: the.secondCase.id,
    });
    expect(started.statusCode, started.body).toBe(200);
    const stopped = await call(the.advocateToken, 'POST', '/api/timer', {
      action: 'stop',
      activity: 'research',
      narrative: 'Looking up the lease',
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(await sentences()).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Test advocate recorded a time entry on case file ${the.secondCase.caseNumber.replace(/\//g, '\\/')}: 0\\.1 h of research on `,
        ),
      ),
    );
  });

  it('says who recorded, changed and deleted an expense', async () => {
    const file = `case file ${the.theCase.caseNumber}`;
    const expense = await spend(the.clerkToken, 3_250);
    const changed = await call(the.advocateToken, 'PUT', `/api/expenses/${expense.id}`, {
      caseId: the.theCase.id,
      date: '2026-12-02',
      kind: 'search',
      amountKsh: 1_050,
      payee: 'Ardhi House',
      paidFrom: 'firm',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const deleted = await call(the.clerkToken, 'DELETE', `/api/expenses/${expense.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const log = await sentences();
    expect(log).toContain(
      `Test admin recorded an expense on ${file}: KSh 3,250 of court fees paid to Milimani Law Courts on Wed 2 Dec 2026`,
    );
    expect(log).toContain(
      `Test advocate changed Test admin’s expense on ${file}: KSh 1,050 of search paid to Ardhi House on Wed 2 Dec 2026`,
    );
    expect(log).toContain(
      `Test admin deleted an expense on ${file}: KSh 1,050 of search paid to Ardhi House on Wed 2 Dec 2026`,
    );
  });

  it('says a fee note was drafted from unbilled work, and what was written down and why', async () => {
    const one = (await call(the.advocateToken, 'POST', '/api/time-entries', entryBody())).json();
    const two = (
      await call(the.advocateToken, 'POST', '/api/time-entries', entryBody({ minutes: 60 }))
    ).json();
    const expense = await spend(the.advocateToken, 2_000);
    const drafted = await call(the.advocateToken, 'POST', '/api/fee-notes/from-unbilled', {
      entryIds: [one.id, two.id],
      expenseIds: [expense.id],
      writeDowns: [{ entryId: one.id, billedKsh: 12_000, reason: 'First draft was long' }],
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    expect(await sentences()).toContain(
      'Test advocate drafted a fee note for Test client from unbilled work (2 time entries and 1 expense, KSh 3,000 written down: “First draft was long”)',
    );
    // The recorded value and what was billed are both kept on the entry.
    const entries = (
      await call(the.advocateToken, 'GET', `/api/time-entries?caseId=${the.theCase.id}`)
    ).json().entries as TimeEntry[];
    expect(entries.find((each) => each.id === one.id)).toMatchObject({
      valueKsh: 15_000,
      billedKsh: 12_000,
      writeDownReason: 'First draft was long',
      billing: 'drafted',
    });
  });

  it('refuses a write-down without a reason, with the field’s message', async () => {
    const entry = (
      await call(the.advocateToken, 'POST', '/api/time-entries', entryBody())
    ).json() as TimeEntry;
    const refused = await call(the.advocateToken, 'POST', '/api/fee-notes/from-unbilled', {
      entryIds: [entry.id],
      writeDowns: [{ entryId: entry.id, billedKsh: 5_000, reason: '  ' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json().errors)).toContain(T.writeDownReasonRequired);
    const unbilled = (
      await call(the.advocateToken, 'GET', `/api/unbilled?caseId=${the.theCase.id}`)
    ).json();
    expect(unbilled.entries.map((each: TimeEntry) => each.id)).toContain(entry.id);
  });
});
