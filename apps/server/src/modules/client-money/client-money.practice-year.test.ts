import { execFileSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import {
  CLIENT_MONEY_MESSAGES as M,
  CLIENT_MONEY_PACK_TEXTS as T,
  VALIDATION,
  describeAuditEntry,
} from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { csv, get, the, usePracticeYear } from './client-money-practice-year-kit';

/**
 * The accountant's practice-year pack (ADR 045, docs/product-rules.md#client-money), read back
 * from each CSV and from the PDF; the year itself is made in client-money-practice-year-kit.ts.
 */
usePracticeYear();

describe('the practice-year pack as CSV', () => {
  it('journal.csv: every entry dated in 2025, by date; the 23:30 entry in, the 00:15 one out', async () => {
    const { rows, disposition } = await csv(2025, 'journal.csv');
    expect(disposition).toBe('attachment; filename="client-money-2025-journal.csv"');
    const [header, ...entries] = rows;
    expect(header).toEqual([
      'Date',
      'Kind',
      'Receipt',
      'Client',
      'Case',
      'Client account',
      'Office account',
      'Fee note',
      'Reference',
      'Narrative',
      'Amount (KSh)',
      'Client ledger in (KSh)',
      'Client ledger out (KSh)',
      'Reverses',
      'Reason',
      'Recorded by',
      'Recorded at (Nairobi)',
    ]);
    const pick = (row: string[]) => [row[0], row[1], row[3], row[8], row[10], row[11], row[12]];
    expect(entries.map(pick)).toEqual([
      [
        '2025-02-14',
        'Money received',
        'Kiprotich Chebet-Korir',
        'QBH7K2LM9P',
        '40000',
        '40000',
        '0',
      ],
      [
        '2025-03-05',
        'Money received',
        'Kiprotich Chebet-Korir',
        'FT25064KXQ7M',
        '1250000',
        '1250000',
        '0',
      ],
      [
        '2025-03-20',
        'Paid out for the client',
        'Kiprotich Chebet-Korir',
        'CHQ 004512',
        '250000',
        '0',
        '250000',
      ],
      [
        '2025-06-10',
        'Transferred to office account',
        'Kiprotich Chebet-Korir',
        'TRF-0610',
        '100000',
        '0',
        '100000',
      ],
      ['2025-07-01', 'Money received', 'Wairimu Njoroge', 'CHQ 118822', '50000', '50000', '0'],
      ['2025-07-02', 'Reversal', 'Wairimu Njoroge', 'CHQ 118822', '50000', '0', '50000'],
      ['2025-12-31', 'Money received', 'Wairimu Njoroge', 'QLT31X2330', '20000', '20000', '0'],
    ]);
    const [transfer, reversal] = [entries[3]!, entries[5]!];
    expect(transfer.slice(4, 8)).toEqual([
      the.plot.caseNumber,
      'KCB Client Account',
      'KCB Office Account',
      the.feeNoteNumber,
    ]);
    expect(reversal[13]).toBe(the.returned.receiptNumber);
    expect(reversal[14]).toBe('Cheque returned unpaid');
    expect(entries[1]![2]).toMatch(/^CR\/2025\/\d{4}$/);
    expect(entries[1]![9]).toBe('Deposit towards the purchase price, "10%" on signing');
    expect(entries.every((row) => row[15] === 'Achieng Mwamba')).toBe(true);
    expect(entries.every((row) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(row[16]!))).toBe(true);

    const next = (await csv(2026, 'journal.csv')).rows.slice(1);
    expect(next.map((row) => [row[0], row[8]])).toEqual([['2026-01-01', 'QLA01X0015']]);
  });

  it('ledgers.csv: each client’s opening balance on 1 January, every movement, the closing', async () => {
    const { rows } = await csv(2025, 'ledgers.csv');
    expect(rows[0]).toEqual([
      'Client',
      'Date',
      'Movement',
      'Receipt',
      'Case',
      'Reference',
      'In (KSh)',
      'Out (KSh)',
      'Balance (KSh)',
    ]);
    const pick = (row: string[]) => [row[0], row[1], row[2]!.split(':')[0], row[6], row[7], row[8]];
    expect(rows.slice(1).map(pick)).toEqual([
      ['Kiprotich Chebet-Korir', '2025-01-01', 'Opening balance', '', '', '0'],
      ['Kiprotich Chebet-Korir', '2025-02-14', 'Money received', '40000', '0', '40000'],
      ['Kiprotich Chebet-Korir', '2025-03-05', 'Money received', '1250000', '0', '1290000'],
      ['Kiprotich Chebet-Korir', '2025-03-20', 'Paid out for the client', '0', '250000', '1040000'],
      [
        'Kiprotich Chebet-Korir',
        '2025-06-10',
        'Transferred to office account',
        '0',
        '100000',
        '940000',
      ],
      ['Kiprotich Chebet-Korir', '2025-12-31', 'Closing balance', '', '', '940000'],
      ['Wairimu Njoroge', '2025-01-01', 'Opening balance', '', '', '100000'],
      ['Wairimu Njoroge', '2025-07-01', 'Money received', '50000', '0', '150000'],
      ['Wairimu Njoroge', '2025-07-02', 'Reversal', '0', '50000', '100000'],
      ['Wairimu Njoroge', '2025-12-31', 'Money received', '20000', '0', '120000'],
      ['Wairimu Njoroge', '2025-12-31', 'Closing balance', '', '', '120000'],
    ]);
    expect(rows[5]![2]).toBe(
      `Transferred to office account: fee note ${the.feeNoteNumber}: Part of the conveyance fees`,
    );

    // 2026 so far: brought forward as 2025 closed; Wairimu, with no movement, still listed.
    const next = (await csv(2026, 'ledgers.csv')).rows.slice(1).map(pick);
    expect(next[0]).toEqual([
      'Kiprotich Chebet-Korir',
      '2026-01-01',
      'Opening balance',
      '',
      '',
      '940000',
    ]);
    expect(next[1]).toEqual([
      'Kiprotich Chebet-Korir',
      '2026-01-01',
      'Money received',
      '30000',
      '0',
      '970000',
    ]);
    expect(next[2]?.slice(2)).toEqual(['Closing balance', '', '', '970000']);
    expect(next.slice(3).map((row) => [row[0], row[2], row[5]])).toEqual([
      ['Wairimu Njoroge', 'Opening balance', '120000'],
      ['Wairimu Njoroge', 'Closing balance', '120000'],
    ]);
  });

  it('balances.csv: what is held per client and case at 31 December, or at the day asked', async () => {
    const { rows, disposition } = await csv(2025, 'balances.csv');
    expect(disposition).toBe('attachment; filename="client-money-2025-balances-2025-12-31.csv"');
    expect(rows).toEqual([
      ['Client', 'Case', 'Case title', 'Held at 2025-12-31 (KSh)'],
      ['Kiprotich Chebet-Korir', the.plot.caseNumber, the.plot.title, '940000'],
      ['Wairimu Njoroge', '', '', '120000'],
      ['Total', '', '', '1060000'],
    ]);
    const later = (await csv(2025, 'balances.csv', '?asOf=2026-01-01')).rows;
    expect(later[1]).toEqual([
      'Kiprotich Chebet-Korir',
      the.plot.caseNumber,
      the.plot.title,
      '970000',
    ]);
    expect(later.at(-1)).toEqual(['Total', '', '', '1090000']);
    const midYear = (await csv(2025, 'balances.csv', '?asOf=2025-07-01')).rows;
    expect(midYear.slice(1).map((row) => row[3])).toEqual(['940000', '150000', '1090000']);
  });

  it('reconciliations.csv: the twelve months of the client account, the locked one with who locked it', async () => {
    const { rows } = await csv(2025, 'reconciliations.csv');
    expect(rows[0]).toEqual([
      'Client account',
      'Month',
      'Month end',
      'Statement balance (KSh)',
      'Deposits in transit (KSh)',
      'Unpresented payments (KSh)',
      'Adjusted statement balance (KSh)',
      'Cash book (KSh)',
      'Client ledgers (KSh)',
      'Reconciled',
      'Differences',
      'Locked by',
      'Locked at (Nairobi)',
    ]);
    const months = rows.slice(1);
    expect(months.map((row) => row[1])).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
    );
    expect(months.every((row) => row[0] === 'KCB Client Account')).toBe(true);
    const [jan, feb, mar] = months;
    expect(jan!.slice(2, 12)).toEqual([
      '2025-01-31',
      '',
      '',
      '',
      '',
      '100000',
      '100000',
      'No',
      M.noStatementForMonth('January 2025'),
      '',
    ]);
    expect(feb!.slice(2, 12)).toEqual([
      '2025-02-28',
      '140000',
      '0',
      '0',
      '140000',
      '140000',
      '140000',
      'Yes',
      '',
      'Achieng Mwamba',
    ]);
    expect(feb![12]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(mar!.slice(3, 13)).toEqual([
      '1140000',
      '0',
      '0',
      '1140000',
      '1140000',
      '1140000',
      'Yes',
      '',
      '',
      '',
    ]);
    expect(months[11]!.slice(7, 10)).toEqual(['1060000', '1060000', 'No']);
  });

  it('refuses a bad year, part or day with 400 naming the field', async () => {
    const refused = async (url: string, field: string, message: string) => {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors?.[field], url).toBe(message);
    };
    await refused('/client-money/practice-years/twenty/journal.csv', 'year', T.yearInvalid);
    await refused('/client-money/practice-years/1999/journal.csv', 'year', T.yearInvalid);
    await refused('/client-money/practice-years/3000/journal.csv', 'year', T.yearNotBegun(3000));
    await refused('/client-money/practice-years/3000/pack.pdf', 'year', T.yearNotBegun(3000));
    await refused('/client-money/practice-years/20x5/pack.pdf', 'year', T.yearInvalid);
    await refused('/client-money/practice-years/2025/cashbook.csv', 'part', T.partInvalid);
    const base = '/client-money/practice-years/2025/balances.csv';
    await refused(`${base}?asOf=2025-02-30`, 'asOf', T.asOfInvalid);
    await refused(`${base}?asOf=9999-12-31`, 'asOf', VALIDATION.dateOutOfRange);
    await refused(`${base}?asOf=2024-12-31`, 'asOf', T.asOfBeforeYear(2025));
    await refused(`${base}?asOf=2100-12-31`, 'asOf', T.asOfInFuture);
  });

  it('records each download in the audit log: who took which part of which year', async () => {
    await csv(2025, 'journal.csv');
    const rows = await the.ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'client_money.pack_downloaded'),
          eq(auditLog.actorId, the.advocate.id),
        ),
      );
    const parts = rows.map((row) => (row.details as { part: string }).part);
    expect(parts).toEqual(expect.arrayContaining(['journal.csv', 'ledgers.csv', 'balances.csv']));
    const balances = rows.find((row) => (row.details as { asOf?: string }).asOf === '2026-01-01')!;
    expect(
      describeAuditEntry({
        action: balances.action,
        actor: { id: the.advocate.id, name: 'Achieng Mwamba', email: the.advocate.email },
        target: null,
        details: balances.details as Record<string, unknown>,
      }).text,
    ).toBe(
      'Achieng Mwamba downloaded the client money practice-year pack for 2025 (balances.csv at 2026-01-01)',
    );
  });
});

describe('the practice-year pack as PDF', () => {
  it('holds the journal, the ledgers, the balances and the reconciliations of the year', async () => {
    const response = await get('/client-money/practice-years/2025/pack.pdf');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      'Client-money-2025-practice-year-pack.pdf',
    );
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
      input: response.rawPayload,
    }).toString('utf8');
    for (const words of [
      'Practice year 2025',
      '1. Journal',
      '2. Client ledgers',
      '3. Client balances',
      '4. Monthly reconciliations',
      'Kiprotich Chebet-Korir',
      'Opening balance',
      'Closing balance',
      'QLT31X2330',
      'reverses CR/2025/',
      '940,000',
      'KSh 1,060,000',
      'Locked by Achieng Mwamba',
      'No statement reaching into',
    ]) {
      expect(text, words).toContain(words);
    }
    // The 00:15 entry of 1 January is 2026's.
    expect(text).not.toContain('QLA01X0015');
    const audited = await the.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client_money.pack_downloaded'));
    expect(audited.map((row) => (row.details as { part: string }).part)).toContain('pack.pdf');
  });
});
