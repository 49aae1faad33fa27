import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type {
  BillingParty,
  CreditNoteDocument,
  FeeNoteDocument,
  FeeNoteDocumentLine,
  Letterhead,
  PaymentChannels,
  ReceiptDocument,
} from './billing-documents';
import { renderCreditNotePdf } from './credit-note-pdf';
import { renderFeeNotePdf } from './fee-note-pdf';
import { renderReceiptPdf } from './receipt-pdf';

/**
 * What a reader of the PDF sees: the text is read back with poppler (pdftotext, pdfinfo), the
 * same way a person's viewer lays it out. BILLING_PDF_SAMPLES=/tmp/pdfcheck writes one of each
 * document there to look at (pdftoppm -png -r 80), and times a warm render.
 */

// ---------------------------------------------------------------------------------------------
// Fixtures: long, realistic Kenyan data

const LETTERHEAD: Letterhead = {
  firmName: 'Mwamba & Associates Advocates',
  addressLines: ['4th Floor, Mara Court, Mara Road, Upper Hill', 'P.O. Box 12345-00100, Nairobi'],
  phone: '+254 20 765 4321',
  email: 'accounts@mwamba-advocates.co.ke',
  kraPin: 'P051234567X',
  isVatRegistered: true,
};

const CLIENT: BillingParty = {
  name: 'Wanjiru Kamau-Njoroge Holdings Limited',
  email: 'wanjiru.kamau-njoroge@kamaunjoroge-holdings.co.ke',
  phone: '+254 712 345 678',
  kraPin: 'P051987654Z',
};

const MATTER =
  'Corrections to the draft petition for the matrimonial property, Njoroge v Njoroge (ELC Case No. E123 of 2026)';

const LONG_DESCRIPTION = (
  'Perusing the title documents for L.R. No. 209/12345 (Karen), the green card and the search ' +
  'certificate from the Ministry of Lands; drafting the supporting affidavit of Wanjiru ' +
  'Kamau-Njoroge with its annexures; attending the client at our offices on three occasions to ' +
  'settle the affidavit and the list of documents'
).slice(0, 300);

const UNBROKEN_URL =
  'https://kenyalaw.org/caselaw/cases/view/ELC-E123-2026-Njoroge-v-Njoroge-ruling-2026';

const PAYMENTS: PaymentChannels = {
  mpesa: { kind: 'paybill', number: '522533', accountReference: 'FN20260042' },
  bank: {
    bankName: 'KCB Bank Kenya',
    branch: 'Upper Hill',
    accountName: 'Mwamba & Associates Advocates Client Account',
    accountNumber: '1234567890',
  },
  phone: '+254 20 765 4321',
};

const fee = (description: string, quantity: number, unitPriceKsh: number): FeeNoteDocumentLine => ({
  kind: 'fee',
  description,
  quantity,
  unitPriceKsh,
  amountKsh: quantity * unitPriceKsh,
});
const disbursement = (description: string, amountKsh: number): FeeNoteDocumentLine => ({
  kind: 'disbursement',
  description,
  quantity: 1,
  unitPriceKsh: amountKsh,
  amountKsh,
});

const LINES: FeeNoteDocumentLine[] = [
  fee(LONG_DESCRIPTION, 1, 25_000),
  fee(
    'Attendance at the Environment and Land Court, Milimani, for the mention on 12 November 2026',
    2,
    7_500,
  ),
  fee(`Research and case digest (${UNBROKEN_URL})`, 1, 5_000),
  disbursement('Court filing fees (e-filing receipt KE-ELC-2026-004512)', 3_500),
  disbursement('Process server: service of the petition at Kiambu', 2_000),
];

/** A fee note's totals from its lines, as the billing module computes them. */
function withTotals(
  lines: FeeNoteDocumentLine[],
  vatRatePercent: number,
  paidKsh: number,
): FeeNoteDocument['totals'] {
  const sum = (kind: FeeNoteDocumentLine['kind']) =>
    lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.amountKsh, 0);
  const feesKsh = sum('fee');
  const disbursementsKsh = sum('disbursement');
  const vatKsh = Math.round((feesKsh * vatRatePercent) / 100);
  const totalKsh = feesKsh + vatKsh + disbursementsKsh;
  return {
    feesKsh,
    disbursementsKsh,
    vatRatePercent,
    vatKsh,
    totalKsh,
    paidKsh,
    balanceKsh: totalKsh - paidKsh,
  };
}

function feeNote(overrides: Partial<FeeNoteDocument> = {}): FeeNoteDocument {
  return {
    letterhead: LETTERHEAD,
    number: 'FN/2026/0042',
    // 00:30 on Friday in Nairobi (UTC+3), still Thursday in UTC.
    issuedAt: new Date('2026-11-26T21:30:00Z'),
    dueDate: '2026-12-11',
    client: CLIENT,
    caseLabel: MATTER,
    lines: LINES,
    totals: withTotals(LINES, 16, 0),
    status: 'issued',
    isOverdue: false,
    howToPay: PAYMENTS,
    cancellation: null,
    ...overrides,
  };
}

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

/** Everything as long as a form lets it be, and unbroken where it hurts most. */
const extremeFeeNote = (): FeeNoteDocument =>
  feeNote({
    letterhead: {
      ...LETTERHEAD,
      firmName:
        'Mwamba, Otieno, Wekesa, Kariuki & Associates Advocates, Commissioners for Oaths and Notaries Public',
      addressLines: [
        '4th Floor, Mara Court, Mara Road, Upper Hill',
        'P.O. Box 12345-00100',
        'Nairobi',
        'Branch: 2nd Floor, Nyali Centre, Links Road, Mombasa',
      ],
      email: 'accounts.receivable.and.billing@mwamba-otieno-wekesa-kariuki-advocates.co.ke',
    },
    client: {
      name: `${CLIENT.name} and Wanjiru Kamau-Njoroge Holdings (Mombasa) Limited as trustees of the Kamau-Njoroge Family Trust`,
      email: 'wanjiru.kamau-njoroge.company-secretary@kamaunjoroge-holdings-international.co.ke',
      phone: CLIENT.phone,
      kraPin: CLIENT.kraPin,
    },
    caseLabel: `${MATTER}; consolidated with ${MATTER}`,
    lines: [...LINES, fee('X'.repeat(120), 1, 1_000)],
    totals: withTotals([...LINES, fee('X'.repeat(120), 1, 1_000)], 16, 0),
    status: 'issued',
    isOverdue: true,
    howToPay: {
      ...PAYMENTS,
      bank: {
        ...PAYMENTS.bank!,
        accountName: `${LETTERHEAD.firmName} Client Account (Clients' Monies, Advocates Accounts Rules)`,
      },
    },
  });

// ---------------------------------------------------------------------------------------------
// Reading a PDF back

function pdftotext(pdf: Buffer, ...options: string[]): string[] {
  const text = execFileSync('pdftotext', [...options, '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
  }).toString();
  return text.split('\f').slice(0, -1);
}

/**
 * Each page's text as laid out (pdftotext -layout): one line per printed line, so a row reads
 * "Total 57,700" and a label its value; runs of spaces become one.
 */
const pagesOf = (pdf: Buffer) =>
  pdftotext(pdf, '-layout').map((page) =>
    page
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n'),
  );
const textOf = (pdf: Buffer) => pagesOf(pdf).join('\n');
/** The text in reading order, one space between words: a wrapped paragraph reads as one. */
const flowOf = (pdf: Buffer) => pdftotext(pdf).join(' ').replace(/\s+/g, ' ');

function infoOf(pdf: Buffer): Record<string, string> {
  const text = execFileSync('pdfinfo', ['-enc', 'UTF-8', '-'], { input: pdf }).toString();
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!.trim()]),
  );
}

interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word's box on the page (pdftotext -bbox), in points from the top left. */
function wordsOf(pdf: Buffer): { words: Word[]; pageWidth: number; pageHeight: number } {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
  }).toString();
  const words: Word[] = [];
  let pageWidth = 0;
  let pageHeight = 0;
  html
    .split('<page ')
    .slice(1)
    .forEach((page, index) => {
      const size = /width="([\d.]+)" height="([\d.]+)"/.exec(page);
      pageWidth = Number(size?.[1]);
      pageHeight = Number(size?.[2]);
      for (const match of page.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      )) {
        words.push({
          page: index + 1,
          text: match[5]!,
          xMin: Number(match[1]),
          yMin: Number(match[2]),
          xMax: Number(match[3]),
          yMax: Number(match[4]),
        });
      }
    });
  return { words, pageWidth, pageHeight };
}

/** Words drawn outside the 40pt side margins, or over another word. */
function layoutFaults(pdf: Buffer): string[] {
  const { words, pageWidth, pageHeight } = wordsOf(pdf);
  const faults: string[] = [];
  for (const word of words) {
    if (word.xMin < 39 || word.xMax > pageWidth - 39 || word.yMin < 0 || word.yMax > pageHeight) {
      faults.push(`outside the margins: "${word.text}" on page ${word.page}`);
    }
  }
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i]!;
      const b = words[j]!;
      if (a.page !== b.page) continue;
      const across = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const down = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      // Neighbouring lines' boxes may touch; a word over another overlaps by more than a point.
      if (across > 1 && down > 2) faults.push(`"${a.text}" over "${b.text}" on page ${a.page}`);
    }
  }
  return faults;
}

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
      expect(text).toMatch(/M-Pesa Paybill 522533, Account FN20260042/);
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
