import { randomUUID } from 'node:crypto';
import { LIMITATION_PERIOD_SEED } from '@firm/shared/deadlines/limitation-periods';
import { asc } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { bearer } from '../../../../test/accounts';
import type { App } from '../../../app';
import {
  clientMoneyMpesaDeposits,
  etimsDevices,
  etimsTransmissions,
  expenses,
  limitationPeriods,
  paybillPayments,
  taskAssignees,
  tasks,
  timeEntries,
} from '../../../db/schema';

/**
 * The practice's newer records for the restore proof (ADR 039): time and a disbursement with its
 * receipt file, an edited limitation period (a table the migrations seed, so the restore must
 * put back the firm's edit, not the seed), a paybill payment, an M-Pesa deposit and a fee note's
 * eTIMS transmission with KRA's answer, and a limitation deadline (a task). Made through the API where the API makes them without an
 * outside service; the rows Safaricom's and KRA's answers write are inserted as those answers
 * leave them.
 */
export async function recordThePractice(
  app: App,
  token: string,
  firm: { clientId: string; caseId: string; feeNoteId: string; clientMoneyAccountId: string },
): Promise<void> {
  const call = (method: InjectOptions['method'], url: string, payload: object) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      payload: payload as InjectOptions['payload'],
    });

  const entry = await call('POST', '/api/time-entries', {
    caseId: firm.caseId,
    date: '2026-11-30',
    minutes: 96,
    activity: 'court appearance',
    narrative: 'Attendance before the Deputy Registrar, Milimani: directions on the grant',
    billable: true,
  });
  expect(entry.statusCode, entry.body).toBe(201);

  const boundary = `----restore-proof-${randomUUID()}`;
  const fields = {
    caseId: firm.caseId,
    date: '2026-11-30',
    kind: 'court_fees',
    amountKsh: '3250',
    payee: 'Milimani Law Courts — Family Division Registry',
    paidFrom: 'firm',
  };
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Court fees receipt 30.11.2026.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    RECEIPT_BYTES,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const expense = await app.inject({
    method: 'POST',
    url: '/api/expenses',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(expense.statusCode, expense.body).toBe(201);

  const periods = LIMITATION_PERIOD_SEED.map((period) =>
    period.kind === 'defamation' ? { ...period, label: 'Defamation (libel and slander)' } : period,
  );
  const saved = await call('PUT', '/api/settings/limitation-periods', { periods });
  expect(saved.statusCode, saved.body).toBe(200);
  // A deadline (a task with its assignee, migration 0050) worked out from the firm's table.
  const deadline = await call('POST', `/api/cases/${firm.caseId}/limitation`, {
    causeKind: 'contract',
    causeDate: '2026-02-28',
  });
  expect(deadline.statusCode, deadline.body).toBe(200);

  await app.db.insert(paybillPayments).values({
    transId: 'TLK7PB2QXZ',
    transactionType: 'Pay Bill',
    transTime: '20261130235912',
    paidAt: new Date('2026-11-30T20:59:12Z'),
    amountKsh: 12_500,
    shortcode: '600984',
    billRefNumber: 'fn 2026/0001',
    msisdn: '254712345678',
    payerName: 'WANJIKU NYAMBURA',
    status: 'unallocated',
    confirmedAt: new Date('2026-11-30T21:00:03Z'),
    unallocatedKsh: 12_500,
  });
  await app.db.insert(clientMoneyMpesaDeposits).values({
    clientId: firm.clientId,
    caseId: firm.caseId,
    accountId: firm.clientMoneyAccountId,
    amountKsh: 45_000,
    phone: '+254712345678',
    status: 'pending',
    checkoutRequestId: 'ws_CO_30112026235901234712345678',
    merchantRequestId: '29115-34620561-1',
  });
  await app.db.insert(etimsDevices).values({
    branchId: '00',
    deviceSerial: 'MWAMBA-OSCU-0001',
    lastInvcNo: 1,
  });
  await app.db.insert(etimsTransmissions).values({
    feeNoteId: firm.feeNoteId,
    kind: 'sale',
    branchId: '00',
    invcNo: 1,
    state: 'sent',
    attempts: 1,
    curRcptNo: 17,
    totRcptNo: 17,
    intrlData: 'ZBJC4XVQ3SXYQ5KLMNOPQRSTUV',
    rcptSign: 'HJ3X5RQK7WLMP2TA',
    sdcDateTime: '20261201000015',
    resultCd: '000',
    resultMsg: 'It is succeeded',
    sentAt: new Date('2026-11-30T21:00:15Z'),
  });
}

const RECEIPT_BYTES = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from('Receipt No. MLC/2026/118734 — Ksh 3,250 received for filing\n'.repeat(40)),
]);

/** The rows above as the database holds them, in a stable order, for a before-and-after compare. */
export async function readThePractice(app: App) {
  const [entries, spent, periods, paybill, deposits, devices, transmissions, work, assigned] =
    await Promise.all([
      app.db.select().from(timeEntries).orderBy(asc(timeEntries.id)),
      app.db.select().from(expenses).orderBy(asc(expenses.id)),
      app.db.select().from(limitationPeriods).orderBy(asc(limitationPeriods.kind)),
      app.db.select().from(paybillPayments).orderBy(asc(paybillPayments.id)),
      app.db.select().from(clientMoneyMpesaDeposits).orderBy(asc(clientMoneyMpesaDeposits.id)),
      app.db.select().from(etimsDevices).orderBy(asc(etimsDevices.branchId)),
      app.db.select().from(etimsTransmissions).orderBy(asc(etimsTransmissions.id)),
      app.db.select().from(tasks).orderBy(asc(tasks.id)),
      app.db.select().from(taskAssignees).orderBy(asc(taskAssignees.taskId)),
    ]);
  return { entries, spent, periods, paybill, deposits, devices, transmissions, work, assigned };
}
