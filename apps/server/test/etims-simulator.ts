import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ETIMS_TAX_RATES, ETIMS_TAX_TYPES, oscuDateTime } from '@firm/shared';
import type { EtimsSettings } from '../src/lib/etims-oscu';

/**
 * A local KRA eTIMS OSCU, a real HTTP server on 127.0.0.1 written from KRA's documented request
 * and response formats (ADR 049), driven by the tests. Every call is a POST of JSON to
 * `/<call name>`; every answer is 200 `{ resultCd, resultMsg, resultDt, data }`:
 * - `selectInitOsdcInfo` checks `tin`, `bhfId` and `dvcSrlNo` (otherwise 901 "It is not valid
 *   device") and answers `data.info` with the device's `cmcKey`, `sdcId` and `mrcNo`.
 * - every other call needs the headers `tin`, `bhfId` and `cmcKey` (missing: 900 "There is no
 *   Header information"; a wrong key: 901).
 * - `selectCodeList` answers `data.clsList` (class 04, taxation types, with their rates);
 *   `selectItemClsList` answers `data.itemClsList`.
 * - `saveItem` checks the classification and tax type, and registers the item code.
 * - `saveTrnsSalesOsdc` checks what KRA checks (a numeric `invcNo` not received before, else 994
 *   "There is an overlapped Data"; `rcptTyCd` S or R, a refund naming a received `orgInvcNo`;
 *   registered item codes; each tax type's totals the sum of its lines), and answers the receipt:
 *   `curRcptNo`, `totRcptNo`, `intrlData`, `rcptSign`, `sdcDateTime`.
 * - `down(true)` answers every call 503; `refuseNext(code, message)` refuses the next sale.
 */
export async function startEtimsSimulator(
  options: { pin?: string; branchId?: string; deviceSerial?: string; now?: () => Date } = {},
) {
  const pin = options.pin ?? 'P051234567X';
  const branchId = options.branchId ?? '00';
  const deviceSerial = options.deviceSerial ?? 'MWAMBA-OSCU-01';
  const now = options.now ?? (() => new Date());
  const cmcKey = randomBytes(16).toString('hex');
  const sdcId = 'KRACU0100000001';
  const mrcNo = 'WIS01000150';
  const items = new Map<string, Record<string, unknown>>();
  const sales: Record<string, unknown>[] = [];
  const requests: { path: string; headers: IncomingMessage['headers']; body: unknown }[] = [];
  let isDown = false;
  let refusals: { code: string; message: string }[] = [];
  let receiptNo = 0;

  const answer = (
    res: ServerResponse,
    resultCd: string,
    resultMsg: string,
    data: unknown = null,
  ) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ resultCd, resultMsg, resultDt: oscuDateTime(now()), data }));
  };
  const ok = (res: ServerResponse, data: unknown = null) =>
    answer(res, '000', 'It is succeeded', data);
  const paramError = (res: ServerResponse, field: string) =>
    answer(res, '910', `Request parameter error: ${field}`);

  function sale(res: ServerResponse, body: Record<string, unknown>) {
    const invcNo = body.invcNo;
    if (typeof invcNo !== 'number' || !Number.isInteger(invcNo) || invcNo < 1) {
      return paramError(res, 'invcNo');
    }
    if (sales.some((known) => known.invcNo === invcNo)) {
      return answer(res, '994', 'There is an overlapped Data');
    }
    if (body.rcptTyCd !== 'S' && body.rcptTyCd !== 'R') return paramError(res, 'rcptTyCd');
    if (body.rcptTyCd === 'R' && !sales.some((known) => known.invcNo === body.orgInvcNo)) {
      return paramError(res, 'orgInvcNo');
    }
    for (const field of ['trdInvcNo', 'salesTyCd', 'pmtTyCd', 'salesSttsCd', 'cfmDt', 'salesDt']) {
      if (typeof body[field] !== 'string' || body[field] === '') return paramError(res, field);
    }
    if (!/^\d{14}$/.test(String(body.cfmDt))) return paramError(res, 'cfmDt');
    const list = Array.isArray(body.itemList) ? (body.itemList as Record<string, unknown>[]) : [];
    if (list.length === 0 || body.totItemCnt !== list.length) return paramError(res, 'totItemCnt');
    for (const item of list) {
      if (!items.has(String(item.itemCd))) return paramError(res, 'itemCd');
      if (!ETIMS_TAX_TYPES.includes(item.taxTyCd as never)) return paramError(res, 'taxTyCd');
    }
    for (const type of ETIMS_TAX_TYPES) {
      const lines = list.filter((item) => item.taxTyCd === type);
      const taxbl = lines.reduce((sum, item) => sum + Number(item.taxblAmt), 0);
      const tax = lines.reduce((sum, item) => sum + Number(item.taxAmt), 0);
      if (body[`taxblAmt${type}`] !== taxbl) return paramError(res, `taxblAmt${type}`);
      if (body[`taxAmt${type}`] !== tax) return paramError(res, `taxAmt${type}`);
      if (body[`taxRt${type}`] !== ETIMS_TAX_RATES[type]) return paramError(res, `taxRt${type}`);
    }
    const refusal = refusals.shift();
    if (refusal) return answer(res, refusal.code, refusal.message);
    receiptNo += 1;
    const receipt = {
      curRcptNo: receiptNo,
      totRcptNo: receiptNo,
      intrlData: randomBytes(13).toString('base64url').toUpperCase().slice(0, 26),
      rcptSign: randomBytes(8).toString('hex').toUpperCase(),
      sdcDateTime: oscuDateTime(now()),
    };
    sales.push({ ...body, receipt });
    return ok(res, receipt);
  }

  function handle(
    req: IncomingMessage,
    path: string,
    body: Record<string, unknown>,
    res: ServerResponse,
  ) {
    if (path === '/selectInitOsdcInfo') {
      if (body.tin !== pin || body.bhfId !== branchId || body.dvcSrlNo !== deviceSerial) {
        return answer(res, '901', 'It is not valid device');
      }
      return ok(res, {
        info: {
          tin: pin,
          taxprNm: 'MWAMBA & ASSOCIATES',
          bhfId: branchId,
          bhfNm: 'Headquarter',
          hqYn: 'Y',
          dvcId: '9999911300000001',
          sdcId,
          mrcNo,
          cmcKey,
        },
      });
    }
    if (!req.headers.cmckey || !req.headers.tin || !req.headers.bhfid) {
      return answer(res, '900', 'There is no Header information');
    }
    if (
      req.headers.cmckey !== cmcKey ||
      req.headers.tin !== pin ||
      req.headers.bhfid !== branchId
    ) {
      return answer(res, '901', 'It is not valid device');
    }
    if (path === '/selectCodeList') {
      return ok(res, {
        clsList: [
          {
            cdCls: '04',
            cdClsNm: 'Taxation Type',
            useYn: 'Y',
            dtlList: ETIMS_TAX_TYPES.map((cd, index) => ({
              cd,
              cdNm: `${cd}-${ETIMS_TAX_RATES[cd]}%`,
              srtOrd: index + 1,
              userDfnCd1: String(ETIMS_TAX_RATES[cd]),
              useYn: 'Y',
            })),
          },
        ],
      });
    }
    if (path === '/selectItemClsList') {
      return ok(res, {
        itemClsList: [
          {
            itemClsCd: '8012150000',
            itemClsNm: 'Legal services',
            itemClsLvl: 4,
            taxTyCd: 'B',
            mjrTgYn: 'N',
            useYn: 'Y',
          },
        ],
      });
    }
    if (path === '/saveItem') {
      if (body.itemClsCd !== '8012150000') return paramError(res, 'itemClsCd');
      if (!ETIMS_TAX_TYPES.includes(body.taxTyCd as never)) return paramError(res, 'taxTyCd');
      if (typeof body.itemCd !== 'string' || body.itemCd.length > 20)
        return paramError(res, 'itemCd');
      items.set(body.itemCd, body);
      return ok(res);
    }
    if (path === '/saveTrnsSalesOsdc') return sale(res, body);
    return answer(res, '912', 'There is a request Method error');
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      if (isDown) {
        res.writeHead(503).end();
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return answer(res, '911', 'There is no request full text');
      }
      const path = (req.url ?? '/').replace(/\?.*$/, '');
      requests.push({ path, headers: req.headers, body });
      handle(req, path, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const settings: EtimsSettings = {
    baseUrl: `http://127.0.0.1:${port}`,
    pin,
    branchId,
    deviceSerial,
  };
  return {
    settings,
    cmcKey,
    sdcId,
    requests,
    /** Every sale and refund KRA received, in the order received. */
    sales,
    items,
    down(value: boolean) {
      isDown = value;
    },
    refuseNext(code: string, message: string) {
      refusals.push({ code, message });
    },
    clearRefusals() {
      refusals = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type EtimsSimulator = Awaited<ReturnType<typeof startEtimsSimulator>>;
