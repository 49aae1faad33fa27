import type { FeeNoteLineKind } from '../billing/rules';

/**
 * KRA eTIMS (ADR 049): what the firm sends KRA's OSCU for each fee note and credit note, built
 * here once, pure, so the server's transmission and its tests read the same rule.
 */

/**
 * A fee note's KRA state, as its answer carries it under `etims`. `kra_has_it`: KRA answered 994
 * (it already holds this invoice number) without its receipt; `failed`: KRA did not answer for
 * 48 hours and the sending stopped until Retry (ADR 049).
 */
export const ETIMS_STATES = [
  'not_configured',
  'awaiting',
  'sent',
  'kra_has_it',
  'refused',
  'failed',
] as const;
export type EtimsState = (typeof ETIMS_STATES)[number];

/** A transmission's own state (its row); `sending` reads as `awaiting` to people. */
export const ETIMS_TRANSMISSION_STATES = [
  'awaiting',
  'sending',
  'sent',
  'kra_has_it',
  'refused',
  'failed',
] as const;
export type EtimsTransmissionState = (typeof ETIMS_TRANSMISSION_STATES)[number];
/** A fee note's sale, or its credit note's refund. */
export type EtimsTransmissionKind = 'sale' | 'credit';

/** KRA's answer code for success; every other `resultCd` is a refusal (ADR 049). */
export const OSCU_SUCCESS = '000';
/**
 * KRA's "There is an overlapped Data": it already holds a sale with this `invcNo`. Only a
 * transmission whose answer was lost is sent twice, so it means "KRA has it", never a refusal.
 */
export const OSCU_ALREADY_HELD = '994';
/** KRA unavailable this long since the first attempt (or Retry): the sending stops (ADR 049). */
export const ETIMS_GIVE_UP_AFTER_MS = 48 * 60 * 60 * 1000;
/** The client's fee note email waits this long for KRA's answer, then goes unsigned (ADR 049). */
export const ETIMS_CLIENT_EMAIL_WAIT_MS = 24 * 60 * 60 * 1000;

/**
 * KRA's taxation types (code list class 04): A exempt, B 16 %, C zero-rated, D non-VAT, E 8 %.
 * Fees are B when the firm is VAT-registered. Disbursements are money the firm paid on the
 * client's behalf (court fees, stamp duty): outside the firm's supply, so D (non-VAT), as is
 * everything a firm without VAT sells (ADR 049).
 */
export const ETIMS_TAX_TYPES = ['A', 'B', 'C', 'D', 'E'] as const;
export type EtimsTaxType = (typeof ETIMS_TAX_TYPES)[number];
export const ETIMS_TAX_RATES: Record<EtimsTaxType, number> = { A: 0, B: 16, C: 0, D: 0, E: 8 };

export function etimsTaxTypeOf(kind: FeeNoteLineKind, isVatRegistered: boolean): EtimsTaxType {
  return kind === 'fee' && isVatRegistered ? 'B' : 'D';
}

/**
 * The firm's items as registered with `saveItem`: one per kind of line. Item codes follow KRA's
 * pattern (country, type 3 = service, packaging NT, quantity unit U, then a serial); the
 * classification is legal services' (UNSPSC 80121500 at KRA's ten digits).
 */
export interface EtimsItem {
  kind: FeeNoteLineKind;
  itemCd: string;
  itemClsCd: string;
  itemNm: string;
}
export const ETIMS_ITEMS: readonly EtimsItem[] = [
  { kind: 'fee', itemCd: 'KE3NTU0000001', itemClsCd: '8012150000', itemNm: 'Professional fees' },
  {
    kind: 'disbursement',
    itemCd: 'KE3NTU0000002',
    itemClsCd: '8012150000',
    itemNm: 'Disbursements',
  },
];
export const etimsItemOf = (kind: FeeNoteLineKind): EtimsItem =>
  ETIMS_ITEMS.find((item) => item.kind === kind)!;

/** `yyyyMMddHHmmss` in Nairobi (UTC+3 all year, no daylight saving), as OSCU writes times. */
export function oscuDateTime(instant: Date): string {
  const nairobi = new Date(instant.getTime() + 3 * 60 * 60 * 1000);
  return nairobi.toISOString().slice(0, 19).replace(/[-T:]/g, '');
}

export interface EtimsSaleLine {
  kind: FeeNoteLineKind;
  description: string;
  quantity: number;
  unitPriceKsh: number;
}

export interface EtimsSaleInput {
  /** Our per-branch transmission sequence: KRA's numeric `invcNo` (ADR 049). */
  invcNo: number;
  /** The original sale's `invcNo`, for a credit note; 0 for a sale. */
  orgInvcNo: number;
  /** Our gap-free number (FN/2026/0042 or CN/2026/0003): KRA's `trdInvcNo`. */
  trdInvcNo: string;
  kind: 'sale' | 'credit';
  buyerPin: string | null;
  buyerName: string;
  isVatRegistered: boolean;
  /** When the fee note (or credit note) was issued. */
  issuedAt: Date;
  lines: readonly EtimsSaleLine[];
  /** Who issued it, as OSCU's registrant. */
  issuedBy: { id: string; name: string };
}

const cut = (text: string, max: number) => text.slice(0, max);

/**
 * The body of `saveTrnsSalesOsdc`. Amounts are tax-inclusive as KRA counts them: a line's
 * `taxblAmt` is its price with tax (KRA's own examples: taxblAmtB 10500 carries taxAmtB 1602,
 * 10500 × 16 / 116), so a fee of 10,000 at 16 % is sent as 11,600 with 1,600 of tax, and the
 * totals equal the fee note's. Whole shillings throughout (ADR 049).
 */
export function etimsSaleOf(input: EtimsSaleInput) {
  const typed = input.lines.map((line) => ({
    line,
    taxTyCd: etimsTaxTypeOf(line.kind, input.isVatRegistered),
    supply: line.quantity * line.unitPriceKsh,
  }));
  // The fee note rounds its VAT once, on the sum of the fees (feeNoteSums): each line's tax is
  // rounded down and the last line of its type carries the shillings left, so KRA's totals are
  // the fee note's to the shilling.
  const taxLeft = new Map<EtimsTaxType, number>();
  for (const { taxTyCd, supply } of typed) {
    taxLeft.set(taxTyCd, (taxLeft.get(taxTyCd) ?? 0) + supply);
  }
  for (const [type, supply] of taxLeft) {
    taxLeft.set(type, Math.round((supply * ETIMS_TAX_RATES[type]) / 100));
  }
  const lastOfType = new Map(typed.map(({ taxTyCd }, index) => [taxTyCd, index]));
  const itemList = typed.map(({ line, taxTyCd, supply }, index) => {
    const rate = ETIMS_TAX_RATES[taxTyCd];
    const item = etimsItemOf(line.kind);
    const tax =
      lastOfType.get(taxTyCd) === index ? taxLeft.get(taxTyCd)! : Math.floor((supply * rate) / 100);
    taxLeft.set(taxTyCd, taxLeft.get(taxTyCd)! - tax);
    const prc = Math.round(line.unitPriceKsh * (1 + rate / 100));
    return {
      itemSeq: index + 1,
      itemCd: item.itemCd,
      itemClsCd: item.itemClsCd,
      itemNm: cut(line.description, 200),
      pkgUnitCd: 'NT',
      pkg: line.quantity,
      qtyUnitCd: 'U',
      qty: line.quantity,
      prc,
      splyAmt: supply + tax,
      dcRt: 0,
      dcAmt: 0,
      taxTyCd,
      taxblAmt: supply + tax,
      taxAmt: tax,
      totAmt: supply + tax,
    };
  });
  const per = Object.fromEntries(
    ETIMS_TAX_TYPES.map((type) => {
      const lines = itemList.filter((item) => item.taxTyCd === type);
      return [
        type,
        {
          taxbl: lines.reduce((sum, item) => sum + item.taxblAmt, 0),
          tax: lines.reduce((sum, item) => sum + item.taxAmt, 0),
        },
      ];
    }),
  ) as Record<EtimsTaxType, { taxbl: number; tax: number }>;
  const totTaxblAmt = itemList.reduce((sum, item) => sum + item.taxblAmt, 0);
  const totTaxAmt = itemList.reduce((sum, item) => sum + item.taxAmt, 0);
  const at = oscuDateTime(input.issuedAt);
  const credit = input.kind === 'credit';
  return {
    invcNo: input.invcNo,
    orgInvcNo: input.orgInvcNo,
    trdInvcNo: cut(input.trdInvcNo, 50),
    custTin: input.buyerPin ?? null,
    custNm: cut(input.buyerName, 60),
    salesTyCd: 'N',
    rcptTyCd: credit ? 'R' : 'S',
    // 01: cash; a fee note is paid later by any means, and KRA's list has no "on account" code.
    pmtTyCd: '01',
    // 02: approved; a credit note names the reason 06 (cancellation of the sale).
    salesSttsCd: '02',
    cfmDt: at,
    salesDt: at.slice(0, 8),
    ...(credit ? { rfdDt: at, rfdRsnCd: '06' } : {}),
    totItemCnt: itemList.length,
    taxblAmtA: per.A.taxbl,
    taxblAmtB: per.B.taxbl,
    taxblAmtC: per.C.taxbl,
    taxblAmtD: per.D.taxbl,
    taxblAmtE: per.E.taxbl,
    taxRtA: ETIMS_TAX_RATES.A,
    taxRtB: ETIMS_TAX_RATES.B,
    taxRtC: ETIMS_TAX_RATES.C,
    taxRtD: ETIMS_TAX_RATES.D,
    taxRtE: ETIMS_TAX_RATES.E,
    taxAmtA: per.A.tax,
    taxAmtB: per.B.tax,
    taxAmtC: per.C.tax,
    taxAmtD: per.D.tax,
    taxAmtE: per.E.tax,
    totTaxblAmt,
    totTaxAmt,
    totAmt: totTaxblAmt,
    prchrAcptcYn: 'N',
    remark: null,
    regrId: cut(input.issuedBy.id, 20),
    regrNm: cut(input.issuedBy.name, 60),
    modrId: cut(input.issuedBy.id, 20),
    modrNm: cut(input.issuedBy.name, 60),
    receipt: {
      custTin: input.buyerPin ?? null,
      rcptPbctDt: at,
      prchrAcptcYn: 'N',
    },
    itemList,
  };
}
export type EtimsSale = ReturnType<typeof etimsSaleOf>;
