import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CreditNoteDocument, ReceiptDocument } from './billing-documents';
import { renderCreditNotePdf } from './credit-note-pdf';
import { renderFeeNotePdf } from './fee-note-pdf';
import { renderReceiptPdf } from './receipt-pdf';
import {
  LETTERHEAD,
  CLIENT,
  LONG_DESCRIPTION,
  fee,
  disbursement,
  LINES,
  withTotals,
  feeNote,
  extremeFeeNote,
  textOf,
  infoOf,
  layoutFaults,
} from './billing-pdf-test-kit';

/**
 * Credit notes and receipts as PDFs, read back as a client would (fixtures and reading:
 * billing-pdf-test-kit.ts). BILLING_PDF_SAMPLES=/tmp/pdfcheck writes one of each document there to
 * look at (pdftoppm -png -r 80), and times a warm render.
 */

const creditNote = (overrides: Partial<CreditNoteDocument> = {}): CreditNoteDocument => ({
  letterhead: LETTERHEAD,
  number: 'CN/2026/0007',
  issuedAt: new Date('2026-11-30T06:15:00Z'),
  client: CLIENT,
  feeNoteNumber: 'FN/2026/0042',
  reason:
    'Billed in error: the court attendance was charged twice and the matter was settled out of court before the hearing.',
  amountKsh: 52_780,
  vatKsh: 7_280,
  etims: null,
  ...overrides,
});

const receipt = (overrides: Partial<ReceiptDocument> = {}): ReceiptDocument => ({
  letterhead: LETTERHEAD,
  number: 'RC/2026/0101',
  receivedAt: new Date('2026-11-28T21:05:00Z'),
  client: CLIENT,
  amountKsh: 49_780,
  method: 'mpesa',
  reference: 'TKR4XYZ12A',
  appliedTo: { kind: 'fee_note', number: 'FN/2026/0042', balanceAfterKsh: 3_000 },
  ...overrides,
});

describe('billing PDFs, read back as a client would', () => {
  describe('credit note', () => {
    it('cancels its fee note, with the reason and the amount credited, VAT shown', async () => {
      const pdf = await renderCreditNotePdf(creditNote());
      const text = textOf(pdf);
      expect(text).toContain('CREDIT NOTE');
      expect(text).toContain('CN/2026/0007');
      expect(text).toMatch(/Date Mon 30 Nov 2026/);
      expect(text).toMatch(/Fee note FN\/2026\/0042/);
      expect(text).toContain('Wanjiru Kamau-Njoroge Holdings Limited');
      expect(text).toContain('Cancels fee note FN/2026/0042 in full.');
      expect(text).toContain('Billed in error: the court attendance was charged twice');
      expect(text).toMatch(/Amount credited KSh 52,780/);
      expect(text).toMatch(/of which VAT KSh 7,280/);
      expect(text).toContain('Page 1 of 1');
      expect(infoOf(pdf).Title).toBe('Credit note CN/2026/0007');
      expect(layoutFaults(pdf)).toEqual([]);
    });

    it('no VAT line when none was charged', async () => {
      const text = textOf(await renderCreditNotePdf(creditNote({ amountKsh: 45_000, vatKsh: 0 })));
      expect(text).toMatch(/Amount credited KSh 45,000/);
      expect(text).not.toContain('of which VAT');
    });
  });
});

describe('billing PDFs, read back as a client would', () => {
  describe('receipt', () => {
    it('an M-Pesa payment on a fee note: amount, method, reference, the balance left, thanks', async () => {
      const pdf = await renderReceiptPdf(receipt());
      const text = textOf(pdf);
      expect(text).toContain('RECEIPT');
      expect(text).toContain('RC/2026/0101');
      // 21:05 UTC on Saturday is 00:05 on Sunday in Nairobi.
      expect(text).toMatch(/Date received Sun 29 Nov 2026, 00:05/);
      expect(text).toContain('Wanjiru Kamau-Njoroge Holdings Limited');
      expect(text).toMatch(/AMOUNT RECEIVED\nKSh 49,780\n/);
      expect(text).toMatch(/Method M-Pesa/);
      expect(text).toContain('M-Pesa receipt TKR4XYZ12A');
      expect(text).toContain('Fee note FN/2026/0042 — balance now KSh 3,000');
      expect(text).toContain('Thank you.');
      expect(infoOf(pdf).Title).toBe('Receipt RC/2026/0101');
      expect(layoutFaults(pdf)).toEqual([]);
    });

    it('the payment that settles a fee note', async () => {
      const text = textOf(
        await renderReceiptPdf(
          receipt({ appliedTo: { kind: 'fee_note', number: 'FN/2026/0042', balanceAfterKsh: 0 } }),
        ),
      );
      expect(text).toContain('Fee note FN/2026/0042 — now paid in full');
    });

    it('an appointment fee paid in cash, with no reference', async () => {
      const text = textOf(
        await renderReceiptPdf(
          receipt({
            amountKsh: 5_000,
            method: 'cash',
            reference: null,
            appliedTo: {
              kind: 'appointment',
              title: 'Initial consultation: land succession',
              startsAt: new Date('2026-12-03T07:00:00Z'),
            },
          }),
        ),
      );
      expect(text).toMatch(/Method Cash/);
      expect(text).not.toContain('Reference');
      expect(text).toContain(
        'Appointment fee: Initial consultation: land succession, Thu 3 Dec 2026, 10:00',
      );
    });

    it('names the method in words', async () => {
      const bank = textOf(
        await renderReceiptPdf(receipt({ method: 'bank', reference: 'FT26331XY' })),
      );
      expect(bank).toMatch(/Method Bank transfer/);
      expect(bank).toContain('Bank reference FT26331XY');
      const cheque = textOf(
        await renderReceiptPdf(receipt({ method: 'cheque', reference: '004512' })),
      );
      expect(cheque).toMatch(/Method Cheque/);
      expect(cheque).toContain('Cheque no. 004512');
    });
  });
});

/** BILLING_PDF_SAMPLES=/tmp/pdfcheck: one of each document to look at, and a warm render's time. */
describe.runIf(process.env.BILLING_PDF_SAMPLES)('samples', () => {
  it('writes sample PDFs and times a warm fee note', async () => {
    const dir = process.env.BILLING_PDF_SAMPLES!;
    mkdirSync(dir, { recursive: true });
    const many = Array.from({ length: 60 }, (_, i) =>
      i % 6 === 5
        ? disbursement(`Disbursement ${i + 1}: courier to the Lands Registry, Ardhi House`, 1_200)
        : fee(
            `Fee item ${i + 1}: ${LONG_DESCRIPTION.slice(0, 60 + (i % 4) * 50)}`,
            1 + (i % 3),
            4_500,
          ),
    );
    const samples: Record<string, Promise<Buffer>> = {
      'fee-note': renderFeeNotePdf(feeNote()),
      'fee-note-overdue': renderFeeNotePdf(
        feeNote({ status: 'partly_paid', isOverdue: true, totals: withTotals(LINES, 16, 20_000) }),
      ),
      'fee-note-no-vat-no-mpesa': renderFeeNotePdf(
        feeNote({
          letterhead: { ...LETTERHEAD, isVatRegistered: false, kraPin: null },
          totals: withTotals(LINES, 0, 0),
          caseLabel: null,
          client: { ...CLIENT, phone: null, kraPin: null },
          howToPay: { mpesa: null, bank: null, phone: '+254 20 765 4321' },
        }),
      ),
      'fee-note-cancelled': renderFeeNotePdf(
        feeNote({
          status: 'cancelled',
          cancellation: {
            creditNoteNumber: 'CN/2026/0007',
            reason: 'Billed in error: the court attendance was charged twice.',
            at: new Date('2026-11-29T22:10:00Z'),
          },
        }),
      ),
      'fee-note-extreme': renderFeeNotePdf(extremeFeeNote()),
      'fee-note-scripts': renderFeeNotePdf(
        feeNote({
          client: { ...CLIENT, name: 'فاطمة علي · Παπαδόπουλος · पटेल · ગુજરાતી' },
          caseLabel: 'Ngũgĩ wa Thiong’o v Nguyễn Thị Minh (עורך דין)',
          lines: [
            fee('أتعاب المحاماة עורך דין Ω', 1, 10_000),
            fee('नमस्ते दुनिया — ગુજરાતી નામ — Пётр Иванов', 2, 2_500),
            disbursement('Stored before input refused it: 🙂', 1_000),
          ],
        }),
      ),
      'fee-note-60-lines': renderFeeNotePdf(
        feeNote({ lines: many, totals: withTotals(many, 16, 0) }),
      ),
      'credit-note': renderCreditNotePdf(creditNote()),
      receipt: renderReceiptPdf(receipt()),
      'receipt-appointment': renderReceiptPdf(
        receipt({
          amountKsh: 5_000,
          method: 'cash',
          reference: null,
          appliedTo: {
            kind: 'appointment',
            title: 'Initial consultation: land succession',
            startsAt: new Date('2026-12-03T07:00:00Z'),
          },
        }),
      ),
    };
    for (const [name, pdf] of Object.entries(samples)) {
      writeFileSync(path.join(dir, `${name}.pdf`), await pdf);
    }
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const start = performance.now();
      await renderFeeNotePdf(feeNote());
      times.push(performance.now() - start);
    }
    const many60: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await renderFeeNotePdf(feeNote({ lines: many, totals: withTotals(many, 16, 0) }));
      many60.push(performance.now() - start);
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `warm fee note: median ${median(times).toFixed(1)} ms (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}); 60 lines: median ${median(many60).toFixed(1)} ms`,
    );
  });
});
