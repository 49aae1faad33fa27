import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ETIMS_ITEMS, etimsSaleOf, feeNoteSums } from '@firm/shared';
import { startEtimsSimulator, type EtimsSimulator } from '../../test/etims-simulator';
import { freePort } from '../../test/outbox-fakes';
import { createOscuClient, isOscuSuccess, OscuUnavailableError } from './etims-oscu';

let kra: EtimsSimulator;
beforeEach(async () => {
  kra = await startEtimsSimulator();
});
afterEach(async () => {
  await kra.close();
});

const lines = [
  { kind: 'fee' as const, description: 'Conveyancing', quantity: 1, unitPriceKsh: 10_001 },
  { kind: 'disbursement' as const, description: 'Stamp duty', quantity: 1, unitPriceKsh: 4_000 },
];
const saleOf = (invcNo: number, isVatRegistered: boolean, extra: object = {}) =>
  etimsSaleOf({
    invcNo,
    orgInvcNo: 0,
    trdInvcNo: `FN/2026/000${invcNo}`,
    kind: 'sale',
    buyerPin: 'P051234567X',
    buyerName: 'Wanjiku Kamau',
    isVatRegistered,
    issuedAt: new Date('2026-12-07T09:00:00Z'),
    issuedBy: { id: 'adv-1', name: 'Amina Otieno' },
    lines,
    ...extra,
  });

/** Initialises the device and registers the firm's items, as the set-up does (ADR 049). */
async function setUp() {
  const client = createOscuClient(kra.settings);
  const init = await client.call<{ info: { cmcKey: string } }>('selectInitOsdcInfo', {
    dvcSrlNo: kra.settings.deviceSerial,
  });
  const cmcKey = init.data!.info.cmcKey;
  for (const item of ETIMS_ITEMS) {
    const saved = await client.call(
      'saveItem',
      {
        itemCd: item.itemCd,
        itemClsCd: item.itemClsCd,
        itemTyCd: '3',
        itemNm: item.itemNm,
        orgnNatCd: 'KE',
        pkgUnitCd: 'NT',
        qtyUnitCd: 'U',
        taxTyCd: item.kind === 'fee' ? 'B' : 'D',
        dftPrc: 0,
        isrcAplcbYn: 'N',
        useYn: 'Y',
        regrId: 'system',
        regrNm: 'system',
        modrId: 'system',
        modrNm: 'system',
      },
      cmcKey,
    );
    expect(saved.resultCd).toBe('000');
  }
  return { client, cmcKey };
}

describe('KRA eTIMS OSCU, spoken to over HTTP', () => {
  it('initialises the device and takes its communication key, then reads code lists with it', async () => {
    const client = createOscuClient(kra.settings);
    const init = await client.call<{ info: { cmcKey: string; sdcId: string } }>(
      'selectInitOsdcInfo',
      { dvcSrlNo: kra.settings.deviceSerial },
    );
    expect(isOscuSuccess(init)).toBe(true);
    expect(init.data?.info).toMatchObject({ cmcKey: kra.cmcKey, sdcId: kra.sdcId });
    expect(kra.requests[0]?.body).toEqual({
      tin: 'P051234567X',
      bhfId: '00',
      dvcSrlNo: 'MWAMBA-OSCU-01',
    });

    const codes = await client.call<{ clsList: { cdCls: string }[] }>(
      'selectCodeList',
      { lastReqDt: '20180520000000' },
      init.data!.info.cmcKey,
    );
    expect(codes.data?.clsList[0]?.cdCls).toBe('04');
    expect(kra.requests[1]?.headers).toMatchObject({
      tin: 'P051234567X',
      bhfid: '00',
      cmckey: kra.cmcKey,
    });

    const withoutKey = await client.call('selectItemClsList', { lastReqDt: '20180520000000' });
    expect(withoutKey).toMatchObject({
      resultCd: '900',
      resultMsg: 'There is no Header information',
    });
  });

  it('is refused initialisation for a device KRA does not know', async () => {
    const client = createOscuClient({ ...kra.settings, deviceSerial: 'NOT-OURS' });
    const init = await client.call('selectInitOsdcInfo', { dvcSrlNo: 'NOT-OURS' });
    expect(init).toMatchObject({ resultCd: '901', resultMsg: 'It is not valid device' });
  });

  it('sends a fee note of a VAT-registered firm and a firm without VAT, and KRA signs each', async () => {
    const { client, cmcKey } = await setUp();
    const vat = await client.call<Record<string, unknown>>(
      'saveTrnsSalesOsdc',
      saleOf(1, true),
      cmcKey,
    );
    expect(vat.resultCd).toBe('000');
    expect(vat.data).toMatchObject({ curRcptNo: 1, totRcptNo: 1 });
    expect(vat.data).toHaveProperty('rcptSign');
    expect(vat.data).toHaveProperty('intrlData');
    expect(vat.data).toHaveProperty('sdcDateTime');
    expect(kra.sales[0]).toMatchObject({
      totAmt: feeNoteSums(lines, 16).totalKsh,
      totTaxAmt: feeNoteSums(lines, 16).vatKsh,
    });

    const noVat = await client.call('saveTrnsSalesOsdc', saleOf(2, false), cmcKey);
    expect(noVat.resultCd).toBe('000');
    expect(kra.sales[1]).toMatchObject({ totAmt: feeNoteSums(lines, 0).totalKsh, totTaxAmt: 0 });
  });

  it('sends a credit note naming the original, and KRA refuses an invoice number twice', async () => {
    const { client, cmcKey } = await setUp();
    await client.call('saveTrnsSalesOsdc', saleOf(1, true), cmcKey);
    const credit = await client.call(
      'saveTrnsSalesOsdc',
      saleOf(2, true, { kind: 'credit', orgInvcNo: 1, trdInvcNo: 'CN/2026/0001' }),
      cmcKey,
    );
    expect(credit.resultCd).toBe('000');
    expect(kra.sales[1]).toMatchObject({ rcptTyCd: 'R', orgInvcNo: 1 });

    const again = await client.call('saveTrnsSalesOsdc', saleOf(1, true), cmcKey);
    expect(again).toMatchObject({ resultCd: '994', resultMsg: 'There is an overlapped Data' });
    expect(kra.sales).toHaveLength(2);
  });

  it('tells KRA down or unreachable apart from a refusal', async () => {
    const { client, cmcKey } = await setUp();
    kra.down(true);
    await expect(client.call('saveTrnsSalesOsdc', saleOf(1, true), cmcKey)).rejects.toThrow(
      OscuUnavailableError,
    );
    const nobody = createOscuClient({
      ...kra.settings,
      baseUrl: `http://127.0.0.1:${await freePort()}`,
    });
    await expect(nobody.call('selectInitOsdcInfo', {})).rejects.toThrow(OscuUnavailableError);
    kra.down(false);
    kra.refuseNext('910', 'Request parameter error: custTin');
    const refused = await client.call('saveTrnsSalesOsdc', saleOf(1, true), cmcKey);
    expect(refused).toMatchObject({
      resultCd: '910',
      resultMsg: 'Request parameter error: custTin',
    });
    expect(kra.sales).toHaveLength(0);
  });
});
