import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TIME_TEXTS } from '@firm/shared';
import { expect } from 'vitest';
import { seedUser } from '../../../test/accounts';
import { PDF_BYTES, seedCase } from '../../../test/cases';
import {
  describeAccessMatrix,
  type Caller,
  type MatrixEndpoint,
} from '../../../test/access-matrix';
import type { TestContext } from '../../../test/helpers';
import { eq } from 'drizzle-orm';
import { expenses, timeEntries, timers } from '../../db/schema';
import { receiptsDir } from './expenses.service';
import { expenseForm } from './time-test-kit';

/**
 * Who may call the time endpoints (ADR 050): advocates, and admins with canOpenFiles, record
 * their own time and expenses (time:record); advocates and admins with canManageCases see
 * everyone's, set rates and fee arrangements, and bill (time:manage). Clients never.
 */

let seq = 0;
async function aCase(ctx: TestContext) {
  seq += 1;
  const client = await seedUser(ctx, { role: 'client', email: `time-matrix-${seq}@matrix.test` });
  return seedCase(ctx, client.id);
}

/** Whose record a request acts on: the caller's own (a signed-out caller: a stand-in advocate). */
async function ownerOf(ctx: TestContext, caller: Caller) {
  if (caller.user) return caller.user.id;
  seq += 1;
  return (await seedUser(ctx, { role: 'advocate', email: `time-owner-${seq}@matrix.test` })).id;
}

async function anEntry(ctx: TestContext, caller: Caller) {
  const theCase = await aCase(ctx);
  const [row] = await ctx.app.db
    .insert(timeEntries)
    .values({
      caseId: theCase.id,
      userId: await ownerOf(ctx, caller),
      workedOn: '2026-12-07',
      minutes: 30,
      activity: 'drafting',
      narrative: 'Drafting',
      billable: true,
      rateKsh: 10_000,
      valueKsh: 5_000,
    })
    .returning();
  return row!;
}

async function anExpense(ctx: TestContext, caller: Caller) {
  const theCase = await aCase(ctx);
  const [row] = await ctx.app.db
    .insert(expenses)
    .values({
      caseId: theCase.id,
      userId: await ownerOf(ctx, caller),
      spentOn: '2026-12-07',
      kind: 'filing',
      amountKsh: 500,
      payee: 'Registry',
      paidFrom: 'firm',
    })
    .returning();
  return row!;
}

/** An expense with its receipt on disk, as POST /expenses leaves it. */
async function anExpenseWithReceipt(ctx: TestContext, caller: Caller) {
  const row = await anExpense(ctx, caller);
  const dir = receiptsDir({ documentsDir: ctx.app.config.documentsDir });
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `receipt-${row.id}`), PDF_BYTES);
  await ctx.app.db
    .update(expenses)
    .set({
      receiptName: 'receipt.pdf',
      receiptPath: `receipt-${row.id}`,
      receiptMime: 'application/pdf',
      receiptBytes: PDF_BYTES.length,
    })
    .where(eq(expenses.id, row.id));
  return row;
}

const entryBody = (caseId: string) => ({
  caseId,
  date: '2026-12-07',
  minutes: 12,
  activity: 'call',
  narrative: 'Call with the client',
});
const expenseBody = (caseId: string) => ({
  caseId,
  date: '2026-12-07',
  kind: 'travel',
  amountKsh: 800,
  payee: 'Taxi',
  paidFrom: 'firm',
});

const record = { action: 'time:record', deniedMessage: TIME_TEXTS.recordDenied } as const;
const manage = { action: 'time:manage', deniedMessage: TIME_TEXTS.manageDenied } as const;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /time-entries': {
    ...record,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/time-entries' }),
  },
  'POST /time-entries': {
    ...record,
    allowed: 201,
    request: async (ctx) => ({
      method: 'POST',
      url: '/api/time-entries',
      payload: entryBody((await aCase(ctx)).id),
    }),
    check: (body) => expect(body).toMatchObject({ minutes: 12 }),
  },
  'PUT /time-entries/{id}': {
    ...record,
    allowed: 200,
    request: async (ctx, caller) => {
      const row = await anEntry(ctx, caller);
      return { method: 'PUT', url: `/api/time-entries/${row.id}`, payload: entryBody(row.caseId) };
    },
  },
  'DELETE /time-entries/{id}': {
    ...record,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'DELETE',
      url: `/api/time-entries/${(await anEntry(ctx, caller)).id}`,
    }),
  },
  'GET /timer': {
    ...record,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/timer' }),
  },
  'POST /timer': {
    ...record,
    allowed: 200,
    request: async (ctx, caller) => {
      if (caller.user) await ctx.app.db.delete(timers);
      return {
        method: 'POST',
        url: '/api/timer',
        payload: { action: 'start', caseId: (await aCase(ctx)).id },
      };
    },
    check: (body) => expect(body).toMatchObject({ timer: { paused: false } }),
  },
  'DELETE /timer': {
    ...record,
    allowed: 200,
    request: async (ctx, caller) => {
      if (caller.user) {
        const theCase = await aCase(ctx);
        await ctx.app.db
          .insert(timers)
          .values({ userId: caller.user.id, caseId: theCase.id, runningSince: new Date() })
          .onConflictDoNothing();
      }
      return { method: 'DELETE', url: '/api/timer' };
    },
  },
  'GET /expenses': {
    ...record,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/expenses' }),
  },
  'POST /expenses': {
    ...record,
    allowed: 201,
    request: async (ctx) => {
      const form = expenseForm(expenseBody((await aCase(ctx)).id), {
        name: 'receipt.pdf',
        bytes: PDF_BYTES,
      });
      return { method: 'POST', url: '/api/expenses', headers: form.headers, payload: form.payload };
    },
  },
  'PUT /expenses/{id}': {
    ...record,
    allowed: 200,
    request: async (ctx, caller) => {
      const row = await anExpense(ctx, caller);
      return { method: 'PUT', url: `/api/expenses/${row.id}`, payload: expenseBody(row.caseId) };
    },
  },
  'DELETE /expenses/{id}': {
    ...record,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'DELETE',
      url: `/api/expenses/${(await anExpense(ctx, caller)).id}`,
    }),
  },
  'GET /expenses/{id}/receipt': {
    ...record,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'GET',
      url: `/api/expenses/${(await anExpenseWithReceipt(ctx, caller)).id}/receipt`,
    }),
  },
  'GET /time-activities': {
    ...record,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/time-activities' }),
    check: (body) => expect((body as { activities: string[] }).activities).toContain('perusal'),
  },
  'GET /time-rates': {
    ...manage,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/time-rates' }),
  },
  'PUT /time-rates/{id}': {
    ...manage,
    allowed: 200,
    request: async (ctx, caller) => ({
      method: 'PUT',
      url: `/api/time-rates/${await ownerOf(ctx, caller)}`,
      payload: { hourlyRateKsh: 12_000 },
    }),
  },
  'GET /cases/{id}/fee-arrangement': {
    ...record,
    allowed: 200,
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/cases/${(await aCase(ctx)).id}/fee-arrangement`,
    }),
  },
  'PUT /cases/{id}/fee-arrangement': {
    ...manage,
    allowed: 200,
    request: async (ctx) => ({
      method: 'PUT',
      url: `/api/cases/${(await aCase(ctx)).id}/fee-arrangement`,
      payload: { kind: 'hourly', agreedOn: '2026-12-01', hourlyRateKsh: 9_000 },
    }),
  },
  'GET /unbilled': {
    ...manage,
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/unbilled' }),
  },
  'POST /fee-notes/from-unbilled': {
    ...manage,
    allowed: 201,
    request: async (ctx, caller) => ({
      method: 'POST',
      url: '/api/fee-notes/from-unbilled',
      payload: { entryIds: [(await anEntry(ctx, caller)).id], grouping: 'entry' },
    }),
    check: (body) =>
      expect(body).toMatchObject({ feeNote: { status: 'draft', lines: [{ amountKsh: 5_000 }] } }),
  },
};

describeAccessMatrix('time and expenses: who may call each endpoint', ENDPOINTS);
