import { ETIMS_RECEIPT_TEXTS as R, formatOscuDateTime } from '@firm/shared';
import type { Content } from 'pdfmake/interfaces';
import QRCode from 'qrcode';
import { BOX_INNER_WIDTH, PLAIN_LAYOUT, box, labelled } from './billing-pdf-blocks';
import type { EtimsPrint } from './billing-documents';

/**
 * KRA eTIMS on the fee note's and the credit note's PDFs (ADR 049, "What people see"): KRA's
 * receipt with a QR code that opens KRA's invoice check, or, before KRA has answered, the paper
 * marked provisional. What KRA answered is part of what the PDF is drawn from (etimsPrintOf,
 * billing-letterhead.ts), so the kept PDF (billing-pdf-cache.ts) is drawn again once KRA answers:
 * a provisional copy is never served after. Drawing only: this runs on the PDF worker thread.
 */

/** The QR code's side on paper (points): about 3 cm, which a phone reads from arm's length. */
const QR_SIZE = 96;

/**
 * KRA's invoice check as a QR code, a PNG data URL (qrcode, drawn on the PDF's worker thread).
 * Medium error correction and a white quiet zone of its own, so the box's tint never touches it.
 */
export async function etimsQrOf(print: EtimsPrint | null): Promise<string | null> {
  if (print?.state !== 'sent' || !print.verificationUrl) return null;
  return QRCode.toDataURL(print.verificationUrl, {
    errorCorrectionLevel: 'M',
    margin: 2,
    scale: 8,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/** "Provisional: awaiting KRA eTIMS" at the top of a document KRA has not confirmed yet. */
export function provisionalBanner(print: EtimsPrint | null, sentence: string): Content | null {
  if (print?.state !== 'awaiting') return null;
  return box(
    [
      { text: R.provisionalTitle, bold: true, color: '#92400e', fontSize: 11 },
      { text: sentence, margin: [0, 3, 0, 0] },
    ],
    '#fffbeb',
    '#f59e0b',
  );
}

/** The "KRA eTIMS" box: KRA's figures beside the QR code (awaiting KRA, the banner says so). */
export function etimsBlock(print: EtimsPrint | null, qr: string | null): Content | null {
  if (print?.state !== 'sent') return null;
  const rows: Array<[string, string]> = [
    [R.receiptNumber, String(print.curRcptNo)],
    [R.totalReceiptNumber, String(print.totRcptNo)],
    [R.signature, print.rcptSign],
    [R.dateTime, formatOscuDateTime(print.sdcDateTime)],
  ];
  if (print.intrlData) rows.push([R.internalData, print.intrlData]);
  const textWidth = qr ? BOX_INNER_WIDTH - QR_SIZE - 12 : BOX_INNER_WIDTH;
  const figures: Content = {
    stack: [
      { text: R.heading, style: 'boxTitle' },
      {
        table: {
          widths: labelled(textWidth, 110),
          body: rows.map(([label, value]) => [
            { text: label, style: 'muted' },
            { text: value, bold: true },
          ]),
        },
        layout: { ...PLAIN_LAYOUT, paddingTop: () => 2, paddingBottom: () => 2 },
      },
    ],
  };
  if (!qr) return box([figures]);
  return box([
    {
      columns: [
        { width: textWidth, stack: [figures] },
        {
          width: QR_SIZE,
          stack: [
            { image: qr, width: QR_SIZE, height: QR_SIZE },
            { text: R.scanToCheck, fontSize: 7, alignment: 'center', margin: [0, 2, 0, 0] },
          ],
        },
      ],
      columnGap: 12,
    },
  ]);
}
