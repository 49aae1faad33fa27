import { execFileSync } from 'node:child_process';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type {
  BillingParty,
  FeeNoteDocument,
  FeeNoteDocumentLine,
  Letterhead,
  PaymentChannels,
} from './billing-documents';

/**
 * What the billing PDF tests (billing-pdf.*.test.ts) share: long, realistic documents, and what a
 * reader of the PDF sees: the text is read back with poppler (pdftotext, pdfinfo), the same way a
 * person's viewer lays it out.
 */

// ---------------------------------------------------------------------------------------------
// Fixtures: long, realistic Kenyan data

export const LETTERHEAD: Letterhead = {
  firmName: 'Mwamba & Associates Advocates',
  addressLines: ['4th Floor, Mara Court, Mara Road, Upper Hill', 'P.O. Box 12345-00100, Nairobi'],
  phone: '+254 20 765 4321',
  email: 'accounts@mwamba-advocates.co.ke',
  kraPin: 'P051234567X',
  isVatRegistered: true,
};

export const CLIENT: BillingParty = {
  name: 'Wanjiru Kamau-Njoroge Holdings Limited',
  email: 'wanjiru.kamau-njoroge@kamaunjoroge-holdings.co.ke',
  phone: '+254 712 345 678',
  kraPin: 'P051987654Z',
};

export const MATTER =
  'Corrections to the draft petition for the matrimonial property, Njoroge v Njoroge (ELC Case No. E123 of 2026)';

export const LONG_DESCRIPTION = (
  'Perusing the title documents for L.R. No. 209/12345 (Karen), the green card and the search ' +
  'certificate from the Ministry of Lands; drafting the supporting affidavit of Wanjiru ' +
  'Kamau-Njoroge with its annexures; attending the client at our offices on three occasions to ' +
  'settle the affidavit and the list of documents'
).slice(0, 300);

export const UNBROKEN_URL =
  'https://kenyalaw.org/caselaw/cases/view/ELC-E123-2026-Njoroge-v-Njoroge-ruling-2026';

export const PAYMENTS: PaymentChannels = {
  mpesa: { kind: 'paybill', number: '522533', accountReference: 'FN20260042' },
  bank: {
    bankName: 'KCB Bank Kenya',
    branch: 'Upper Hill',
    accountName: 'Mwamba & Associates Advocates Client Account',
    accountNumber: '1234567890',
  },
  phone: '+254 20 765 4321',
};

export const fee = (
  description: string,
  quantity: number,
  unitPriceKsh: number,
): FeeNoteDocumentLine => ({
  kind: 'fee',
  description,
  quantity,
  unitPriceKsh,
  amountKsh: quantity * unitPriceKsh,
});
export const disbursement = (description: string, amountKsh: number): FeeNoteDocumentLine => ({
  kind: 'disbursement',
  description,
  quantity: 1,
  unitPriceKsh: amountKsh,
  amountKsh,
});

export const LINES: FeeNoteDocumentLine[] = [
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
export function withTotals(
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

export function feeNote(overrides: Partial<FeeNoteDocument> = {}): FeeNoteDocument {
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
    etims: null,
    ...overrides,
  };
}

/** Everything as long as a form lets it be, and unbroken where it hurts most. */
export const extremeFeeNote = (): FeeNoteDocument =>
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

export function pdftotext(pdf: Buffer, ...options: string[]): string[] {
  const text = execFileSync('pdftotext', [...options, '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
  }).toString();
  return text.split('\f').slice(0, -1);
}

/**
 * Each page's text as laid out (pdftotext -layout): one line per printed line, so a row reads
 * "Total 57,700" and a label its value; runs of spaces become one.
 */
export const pagesOf = (pdf: Buffer) =>
  pdftotext(pdf, '-layout').map((page) =>
    page
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n'),
  );
export const textOf = (pdf: Buffer) => pagesOf(pdf).join('\n');

export function infoOf(pdf: Buffer): Record<string, string> {
  const text = execFileSync('pdfinfo', ['-enc', 'UTF-8', '-'], { input: pdf }).toString();
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!.trim()]),
  );
}

export interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word's box on the page (pdftotext -bbox), in points from the top left. */
export function wordsOf(pdf: Buffer): { words: Word[]; pageWidth: number; pageHeight: number } {
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
export function layoutFaults(pdf: Buffer): string[] {
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

/**
 * The QR codes a reader's phone would find, page by page: each page drawn as a person's viewer
 * draws it (poppler's pdftoppm, 100 dpi) and decoded (jsQR, dark on light as printed); a page
 * without one gives null. About a second a page: tests that decode allow a minute.
 */
export function qrCodesOf(pdf: Buffer): Array<string | null> {
  const pages = Number(infoOf(pdf).Pages);
  return Array.from({ length: pages }, (_, index) => {
    const page = String(index + 1);
    const png = PNG.sync.read(
      execFileSync('pdftoppm', ['-png', '-r', '100', '-singlefile', '-f', page, '-l', page, '-'], {
        input: pdf,
        maxBuffer: 64 * 1024 * 1024,
      }),
    );
    const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height, {
      inversionAttempts: 'dontInvert',
    });
    return found?.data ?? null;
  });
}
