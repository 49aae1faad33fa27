import { describe, expect, it } from 'vitest';
import { etimsSaleOf, etimsTaxTypeOf, oscuDateTime } from './rules';
import { feeNoteSums } from '../billing/rules';

const base = {
  invcNo: 7,
  orgInvcNo: 0,
  trdInvcNo: 'FN/2026/0042',
  kind: 'sale' as const,
  buyerPin: 'P051234567X',
  buyerName: 'Wanjiku Kamau',
  issuedAt: new Date('2026-12-07T21:05:09Z'),
  issuedBy: { id: 'adv-1', name: 'Amina Otieno' },
  lines: [
    { kind: 'fee' as const, description: 'Conveyancing', quantity: 1, unitPriceKsh: 10_001 },
    { kind: 'fee' as const, description: 'Attendance', quantity: 3, unitPriceKsh: 333 },
    { kind: 'disbursement' as const, description: 'Stamp duty', quantity: 1, unitPriceKsh: 4_000 },
  ],
};

describe('what KRA is sent for a fee note', () => {
  it('sends fees at 16 % as B and disbursements as D, with the fee note’s own total', () => {
    const sale = etimsSaleOf({ ...base, isVatRegistered: true });
    const sums = feeNoteSums(base.lines, 16);
    expect(sale.itemList.map((item) => item.taxTyCd)).toEqual(['B', 'B', 'D']);
    expect(sale.taxAmtB).toBe(sums.vatKsh);
    expect(sale.totTaxAmt).toBe(sums.vatKsh);
    expect(sale.totAmt).toBe(sums.totalKsh);
    expect(sale.taxblAmtB).toBe(sums.feesKsh + sums.vatKsh);
    expect(sale.taxblAmtD).toBe(4_000);
    expect(sale.itemList.reduce((sum, item) => sum + item.taxAmt, 0)).toBe(sums.vatKsh);
    expect(sale).toMatchObject({
      invcNo: 7,
      trdInvcNo: 'FN/2026/0042',
      rcptTyCd: 'S',
      salesTyCd: 'N',
      custTin: 'P051234567X',
      custNm: 'Wanjiku Kamau',
      cfmDt: '20261208000509',
      salesDt: '20261208',
      totItemCnt: 3,
      taxRtB: 16,
    });
  });

  it('sends everything as D, untaxed, for a firm without VAT', () => {
    const sale = etimsSaleOf({ ...base, isVatRegistered: false });
    expect(sale.itemList.map((item) => item.taxTyCd)).toEqual(['D', 'D', 'D']);
    expect(sale.totTaxAmt).toBe(0);
    expect(sale.totAmt).toBe(feeNoteSums(base.lines, 0).totalKsh);
    expect(etimsTaxTypeOf('fee', false)).toBe('D');
  });

  it('sends a credit note as KRA’s refund kind naming the original invoice', () => {
    const sale = etimsSaleOf({
      ...base,
      kind: 'credit',
      invcNo: 9,
      orgInvcNo: 7,
      trdInvcNo: 'CN/2026/0003',
      isVatRegistered: true,
    });
    expect(sale).toMatchObject({ rcptTyCd: 'R', invcNo: 9, orgInvcNo: 7, rfdRsnCd: '06' });
  });

  it('writes times in Nairobi', () => {
    expect(oscuDateTime(new Date('2026-01-31T22:30:00Z'))).toBe('20260201013000');
  });
});
