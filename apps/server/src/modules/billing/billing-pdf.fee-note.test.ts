import { describe, expect, it } from 'vitest';
import { renderFeeNotePdf } from './fee-note-pdf';
import {
  LETTERHEAD,
  CLIENT,
  MATTER,
  LONG_DESCRIPTION,
  UNBROKEN_URL,
  PAYMENTS,
  fee,
  disbursement,
  LINES,
  withTotals,
  feeNote,
  extremeFeeNote,
  pdftotext,
  pagesOf,
  textOf,
  infoOf,
  type Word,
  wordsOf,
  layoutFaults,
} from './billing-pdf-test-kit';

/**
 * Fee notes as PDFs, read back as a client would (fixtures and reading: billing-pdf-test-kit.ts).
 */

/** The text in reading order, one space between words: a wrapped paragraph reads as one. */
const flowOf = (pdf: Buffer) => pdftotext(pdf).join(' ').replace(/\s+/g, ' ');

// ---------------------------------------------------------------------------------------------

describe('billing PDFs, read back as a client would', () => {
  describe('fee note', () => {
    it('shows the letterhead, the number, the client, the matter and the dates in Nairobi time', async () => {
      const pdf = await renderFeeNotePdf(feeNote());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = textOf(pdf);
      expect(text).toContain('Mwamba & Associates Advocates');
      expect(text).toContain('4th Floor, Mara Court, Mara Road, Upper Hill');
      expect(text).toContain('KRA PIN: P051234567X');
      expect(text).toContain('VAT registered');
      expect(text).toContain('FEE NOTE');
      expect(text).toContain('FN/2026/0042');
      expect(text).toContain('Wanjiru Kamau-Njoroge Holdings Limited');
      expect(text).toContain('wanjiru.kamau-njoroge@kamaunjoroge-holdings.co.ke');
      expect(text).toContain('+254 712 345 678');
      expect(text).toContain('KRA PIN: P051987654Z');
      expect(flowOf(pdf)).toContain(`Matter: ${MATTER}`);
      // 21:30 UTC on Thursday is 00:30 on Friday in Nairobi.
      expect(text).toMatch(/Issue date Fri 27 Nov 2026/);
      expect(text).toMatch(/Due date Fri 11 Dec 2026/);
      expect(text).toMatch(/Status Unpaid/);
      expect(text).not.toContain('Overdue');
      expect(text).toContain('Page 1 of 1');
    });

    it('lists fees, then disbursements under their own heading, with figures grouped in thousands', async () => {
      const text = textOf(await renderFeeNotePdf(feeNote()));
      expect(text).toContain('Description Qty Unit price (KSh) Amount (KSh)');
      const fees = text.indexOf('Professional fees');
      const disbursements = text.indexOf('Disbursements');
      expect(fees).toBeGreaterThan(-1);
      expect(disbursements).toBeGreaterThan(fees);
      expect(text.indexOf('Attendance at the Environment and Land Court')).toBeGreaterThan(fees);
      expect(text.indexOf('Attendance at the Environment and Land Court')).toBeLessThan(
        disbursements,
      );
      expect(text.indexOf('Court filing fees')).toBeGreaterThan(disbursements);
      expect(text).toMatch(/2 7,500 15,000/);
      expect(text).toMatch(/1 25,000 25,000/);
    });

    it('totals: fees, VAT 16% on fees, disbursements, total, paid and balance due', async () => {
      const text = textOf(await renderFeeNotePdf(feeNote()));
      // Fees 45,000; VAT 7,200; disbursements 5,500; total 57,700.
      expect(text).toMatch(/Professional fees 45,000/);
      expect(text).toMatch(/VAT 16% on fees 7,200/);
      expect(text).toMatch(/Disbursements 5,500/);
      expect(text).toMatch(/Total 57,700/);
      expect(text).toMatch(/Paid 0/);
      expect(text).toMatch(/Balance due 57,700/);
    });

    it('no VAT line when the firm is not VAT-registered', async () => {
      const text = textOf(
        await renderFeeNotePdf(
          feeNote({
            letterhead: { ...LETTERHEAD, isVatRegistered: false, kraPin: null },
            totals: withTotals(LINES, 0, 0),
          }),
        ),
      );
      expect(text).not.toMatch(/VAT/);
      expect(text).not.toContain('KRA PIN: P051234567X');
      expect(text).toMatch(/Total 50,500/);
      expect(text).toMatch(/Balance due 50,500/);
    });

    it('how to pay: Paybill and account, the bank, and a number to call', async () => {
      const text = textOf(await renderFeeNotePdf(feeNote()));
      expect(text).toContain('How to pay');
      expect(text).toContain('Please pay KSh 57,700 by Fri 11 Dec 2026.');
      expect(text).toContain('M-Pesa Pay Bill 522533, account FN20260042');
      expect(text).toContain('KCB Bank Kenya, Upper Hill branch');
      expect(text).toContain('Account number: 1234567890');
      expect(text).toContain('Questions? Call +254 20 765 4321.');
    });

    it('how to pay with a Till number', async () => {
      const text = textOf(
        await renderFeeNotePdf(
          feeNote({
            howToPay: {
              ...PAYMENTS,
              mpesa: { kind: 'till', number: '5123456', accountReference: 'FN20260042' },
              bank: null,
            },
          }),
        ),
      );
      expect(text).toMatch(/M-Pesa Till 5123456/);
      expect(text).not.toContain('Paybill');
      expect(text).not.toContain('Bank transfer');
    });

    it('how to pay without M-Pesa or a bank: call to arrange payment, never a dead end', async () => {
      const text = textOf(
        await renderFeeNotePdf(
          feeNote({ howToPay: { mpesa: null, bank: null, phone: '+254 20 765 4321' } }),
        ),
      );
      expect(text).toContain('How to pay');
      expect(text).toContain('Call +254 20 765 4321 to arrange payment.');
      expect(text).not.toContain('M-Pesa');
    });

    it('marks an overdue, partly paid fee note', async () => {
      const text = textOf(
        await renderFeeNotePdf(
          feeNote({
            status: 'partly_paid',
            isOverdue: true,
            totals: withTotals(LINES, 16, 20_000),
          }),
        ),
      );
      expect(text).toMatch(/Status Partly paid · Overdue/);
      expect(text).toContain(
        'OVERDUE Payment was due on Fri 11 Dec 2026. Balance due: KSh 37,700.',
      );
      expect(text).toMatch(/Paid 20,000/);
      expect(text).toMatch(/Balance due 37,700/);
      expect(text).toContain('Please pay KSh 37,700 now: it was due on Fri 11 Dec 2026.');
    });

    it('a paid fee note says so and asks for nothing', async () => {
      const text = textOf(
        await renderFeeNotePdf(feeNote({ status: 'paid', totals: withTotals(LINES, 16, 57_700) })),
      );
      expect(text).toMatch(/Status Paid/);
      expect(text).toContain('Paid in full. Thank you.');
      expect(text).not.toContain('How to pay');
    });

    it('a cancelled fee note names its credit note, the date and the reason', async () => {
      const text = textOf(
        await renderFeeNotePdf(
          feeNote({
            status: 'cancelled',
            cancellation: {
              creditNoteNumber: 'CN/2026/0007',
              reason: 'Billed in error: the court attendance was charged twice.',
              at: new Date('2026-11-29T22:10:00Z'),
            },
          }),
        ),
      );
      expect(text).toMatch(/Status Cancelled/);
      expect(text).toContain(
        'Cancelled by credit note CN/2026/0007 on Mon 30 Nov 2026: Billed in error: the court attendance was charged twice.',
      );
      expect(text).not.toContain('Balance due');
      expect(text).not.toContain('How to pay');
    });

    it('long descriptions and an unbroken 80-character URL wrap inside the page, overlapping nothing', async () => {
      const pdf = await renderFeeNotePdf(feeNote());
      expect(layoutFaults(pdf)).toEqual([]);
      // The URL is broken across lines, but all of it is there.
      const flow = flowOf(pdf);
      expect(flow.replace(/ /g, '')).toContain(UNBROKEN_URL);
      // pdftotext drops a hyphen it finds at the end of a line: compare without them.
      const bare = (text: string) => text.replace(/[ -]/g, '');
      expect(bare(flow)).toContain(bare(LONG_DESCRIPTION));
    });

    it('the longest names, addresses and an unbroken email stay inside the page', async () => {
      const pdf = await renderFeeNotePdf(extremeFeeNote());
      expect(layoutFaults(pdf)).toEqual([]);
      // pdftotext drops a hyphen it finds at the end of a line: compare without them.
      const bare = (text: string) => text.replace(/[ -]/g, '');
      expect(bare(flowOf(pdf))).toContain(
        bare('wanjiru.kamau-njoroge.company-secretary@kamaunjoroge-holdings-international.co.ke'),
      );
    });

    it('60 lines run over pages: the header row repeats, and every page says "Page n of m"', async () => {
      const lines = Array.from({ length: 60 }, (_, i) =>
        i % 6 === 5
          ? disbursement(`Disbursement ${i + 1}: courier to the Lands Registry, Ardhi House`, 1_200)
          : fee(
              `Fee item ${i + 1}: ${LONG_DESCRIPTION.slice(0, 60 + (i % 4) * 50)}`,
              1 + (i % 3),
              4_500,
            ),
      );
      const pdf = await renderFeeNotePdf(feeNote({ lines, totals: withTotals(lines, 16, 0) }));
      const pages = pagesOf(pdf);
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expect(Number(infoOf(pdf).Pages)).toBe(pages.length);
      pages.forEach((page, index) => {
        expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
        expect(page).toContain('Mwamba & Associates Advocates');
        if (/(Fee item|Disbursement) \d+:/.test(page)) {
          expect(page).toContain('Description Qty Unit price (KSh) Amount (KSh)');
        }
      });
      const text = pages.join(' ');
      expect(text).toContain('Fee item 1:');
      expect(text).toContain('Fee item 59:');
      expect(text).toContain('Disbursement 60:');
      expect(text).toContain('Balance due');
      expect(layoutFaults(pdf)).toEqual([]);
    });

    it('metadata: title and author', async () => {
      const info = infoOf(await renderFeeNotePdf(feeNote()));
      expect(info.Title).toBe('Fee note FN/2026/0042');
      expect(info.Author).toBe('Mwamba & Associates Advocates');
      expect(info['Page size']).toMatch(/^595\.\d+ x 841\.\d+ pts \(A4\)/);
    });

    it('prints Latin with its accents, Greek, Cyrillic, Devanagari and Gujarati as written', async () => {
      const name = 'Ngũgĩ wa Thiong’o';
      const pdf = await renderFeeNotePdf(
        feeNote({
          client: { ...CLIENT, name },
          caseLabel: 'Zoë Müller & Nguyễn Thị Minh v Παπαδόπουλος & Пётр Иванов',
          lines: [
            fee('Ushauri wa kisheria – Ω 5 − 2 for नमस्ते and पटेल', 1, 10_000),
            fee('Affidavit of ગુજરાતી નામ: પટેલ', 1, 5_000),
          ],
        }),
      );
      const flow = flowOf(pdf);
      expect(flow).toContain(name);
      expect(flow).toContain('Zoë Müller & Nguyễn Thị Minh v Παπαδόπουλος & Пётр Иванов');
      expect(flow).toContain('Ushauri wa kisheria – Ω 5 − 2 for नमस्ते and पटेल');
      expect(flow).toContain('Affidavit of ગુજરાતી નામ: પટેલ');
      expect(flow).not.toContain('[U+');
      expect(layoutFaults(pdf)).toEqual([]);
    });

    it('Arabic and Hebrew read right to left, Arabic letters joined', async () => {
      const pdf = await renderFeeNotePdf(
        feeNote({
          client: { ...CLIENT, name: 'فاطمة علي' },
          lines: [fee('أتعاب المحاماة עורך דין Ω', 1, 10_000), fee('ببب and ب', 1, 1)],
        }),
      );
      // poppler reads a line back in the order a reader does: right to left where the letters
      // are Arabic or Hebrew (it marks those runs with U+202B…U+202C, left out here). Words drawn
      // left to right in the order typed would read back "المحاماة أتعاب".
      const flow = flowOf(pdf).replace(/[\u202a-\u202e]/g, '');
      expect(flow).toContain('أتعاب المحاماة עורך דין');
      expect(flow).toContain('فاطمة علي');
      const { words } = wordsOf(pdf);
      const word = (text: string) => {
        const found = words.find((candidate) => candidate.text === text);
        expect(found, `"${text}" on the page`).toBeDefined();
        return found!;
      };
      // The line is Arabic first, so it reads from the right: the Ω typed last is at its left end.
      const omega = word('Ω');
      const sameLine = words.filter((other) => Math.abs(other.yMin - omega.yMin) < 1);
      expect(sameLine.length).toBeGreaterThan(1);
      expect(Math.min(...sameLine.map((other) => other.xMin))).toBe(omega.xMin);
      // A joined beh (initial, medial, final) is narrower than three standing alone.
      const width = (found: Word) => found.xMax - found.xMin;
      expect(width(word('ببب'))).toBeLessThan(2.5 * width(word('ب')));
    });

    it('a character no font has, stored before input refused it, prints as its code point', async () => {
      const text = flowOf(
        await renderFeeNotePdf(feeNote({ client: { ...CLIENT, name: 'Amina 🙂 Hassan' } })),
      );
      expect(text).toContain('Amina [U+1F642] Hassan');
    });
  });
});
