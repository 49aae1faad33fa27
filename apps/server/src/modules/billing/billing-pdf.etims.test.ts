import { etimsVerificationUrl } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import type { EtimsPrint } from './billing-documents';
import { renderCreditNotePdf } from './credit-note-pdf';
import { renderFeeNotePdf } from './fee-note-pdf';
import {
  CLIENT,
  LETTERHEAD,
  feeNote,
  layoutFaults,
  pdftotext,
  qrCodesOf,
  textOf,
} from './billing-pdf-test-kit';

/**
 * KRA eTIMS on the fee note's and the credit note's PDFs (ADR 049, "What people see"), read back
 * as a client would: KRA's figures as text, the QR code decoded from the page as a phone would.
 */

const SIGN = 'A1B2C3D4E5F60718';
const ADDRESS = etimsVerificationUrl('P051234567X', '00', SIGN);
const SENT: EtimsPrint = {
  state: 'sent',
  curRcptNo: 42,
  totRcptNo: 1042,
  rcptSign: SIGN,
  sdcDateTime: '20261207101504',
  intrlData: 'QWERTYUIOPASDFGHJKLZXCVBNM',
  verificationUrl: ADDRESS,
};
const flowOf = (pdf: Buffer) => pdftotext(pdf).join(' ').replace(/\s+/g, ' ');

const creditNote = (etims: EtimsPrint | null) =>
  renderCreditNotePdf({
    letterhead: LETTERHEAD,
    number: 'CN/2026/0007',
    issuedAt: new Date('2026-11-30T06:15:00Z'),
    client: CLIENT,
    feeNoteNumber: 'FN/2026/0042',
    reason: 'Billed in error.',
    amountKsh: 52_780,
    vatKsh: 7_280,
    etims,
  });

describe('KRA eTIMS on the PDFs', { timeout: 60_000 }, () => {
  it("prints KRA's receipt on the fee note, with a QR code that opens KRA's invoice check", async () => {
    const pdf = await renderFeeNotePdf(feeNote({ etims: SENT }));
    const text = textOf(pdf);
    expect(text).toContain('KRA eTIMS');
    expect(text).toContain('KRA receipt number 42');
    expect(text).toContain('Receipts to date 1042');
    expect(text).toContain(`KRA signature ${SIGN}`);
    expect(text).toContain('KRA date and time Mon 7 Dec 2026, 10:15:04');
    expect(text).toContain('Internal data QWERTYUIOPASDFGHJKLZXCVBNM');
    expect(flowOf(pdf)).toContain('Scan to check this invoice with KRA');
    expect(text).not.toContain('Provisional');
    expect(qrCodesOf(pdf).filter(Boolean)).toEqual([
      `https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00${SIGN}`,
    ]);
    expect(layoutFaults(pdf)).toEqual([]);
  });

  it('marks a fee note KRA has not answered yet provisional, with no receipt and no QR code', async () => {
    const pdf = await renderFeeNotePdf(feeNote({ etims: { state: 'awaiting' } }));
    const flow = flowOf(pdf);
    expect(flow).toContain('Provisional: awaiting KRA eTIMS');
    expect(flow).toContain('KRA has not yet confirmed this fee note.');
    expect(flow).not.toContain('KRA receipt number');
    expect(qrCodesOf(pdf).filter(Boolean)).toEqual([]);
  });

  it('prints nothing of KRA on a fee note that was never sent to KRA', async () => {
    const pdf = await renderFeeNotePdf(feeNote({ etims: null }));
    expect(flowOf(pdf)).not.toMatch(/KRA eTIMS|Provisional/);
  });

  it("prints KRA's receipt for the refund on the credit note, and provisional before KRA answers", async () => {
    const sent = await creditNote({ ...SENT, curRcptNo: 43, totRcptNo: 1043 });
    expect(textOf(sent)).toContain('KRA receipt number 43');
    expect(qrCodesOf(sent)).toEqual([ADDRESS]);
    expect(layoutFaults(sent)).toEqual([]);
    const awaiting = await creditNote({ state: 'awaiting' });
    expect(flowOf(awaiting)).toContain('Provisional: awaiting KRA eTIMS');
    expect(flowOf(awaiting)).toContain('KRA has not yet confirmed this credit note.');
    expect(qrCodesOf(awaiting)).toEqual([null]);
  });
});
