import {
  ETIMS_ITEMS,
  ETIMS_TAX_RATES,
  ETIMS_TAX_TYPES,
  ETIMS_TEXTS as T,
  etimsTaxTypeOf,
  type EtimsSettingsAnswer,
  type EtimsTaxType,
} from '@firm/shared';
import { AppError } from '../../lib/app-error';
import { isOscuSuccess, OscuUnavailableError, type OscuClient } from '../../lib/etims-oscu';
import { writeAudit } from '../audit/audit-log.repository';
import { readFirmSettings } from '../settings/firm-settings.service';
import { nowOf, type EtimsDeps } from './etims-deps';
import {
  findEtimsDevice,
  saveEtimsError,
  saveEtimsInitialisation,
  type EtimsDeviceRow,
} from './etims.repository';

/** Who initialises: an advocate, or the server itself (start-up and the sweep). */
export interface EtimsActor {
  id: string | null;
  name: string;
  ip?: string | null;
}
export const SERVER_ACTOR: EtimsActor = { id: null, name: 'Mwamba server' };

/** KRA's code lists are asked for "everything since" this, i.e. all of them. */
const ALL_SINCE = '20180520000000';
const LEGAL_SERVICES = '8012150000';

/** Initialisation stopped for a reason people can act on: kept on the device row, answered 409. */
class SetupFailure extends Error {}

/**
 * The device's key, opened; null when the branch is not initialised for this configuration (none
 * yet, another device serial, or a key sealed with another server key, which is set up again).
 */
export function cmcKeyOf(deps: EtimsDeps, device: EtimsDeviceRow | null): string | null {
  if (!deps.settings || !device?.sealedCmcKey) return null;
  if (device.deviceSerial !== deps.settings.deviceSerial) return null;
  return deps.box.open(device.sealedCmcKey);
}

export async function etimsSettingsOf(deps: EtimsDeps): Promise<EtimsSettingsAnswer> {
  if (!deps.settings) {
    return {
      configured: false,
      branchId: null,
      deviceSerial: null,
      initialisedAt: null,
      sdcId: null,
      mrcNo: null,
      lastError: null,
    };
  }
  const device = await findEtimsDevice(deps.db, deps.settings.branchId);
  const ready = cmcKeyOf(deps, device) !== null;
  return {
    configured: true,
    branchId: deps.settings.branchId,
    deviceSerial: deps.settings.deviceSerial,
    initialisedAt: ready ? device!.initialisedAt!.toISOString() : null,
    sdcId: ready ? device!.sdcId : null,
    mrcNo: ready ? device!.mrcNo : null,
    lastError: device?.lastError ?? null,
  };
}

/**
 * Initialises the branch's device with KRA (ADR 049): `selectInitOsdcInfo` gives the key, KRA's
 * code lists are read to check that its tax rates and legal services' classification are the
 * ones `etimsSaleOf` sends, and the firm's two items are registered with `saveItem`. Only when all
 * of it succeeded is the key sealed and kept, so a half-done set-up is simply done again (every
 * step may be repeated: KRA answers the same device, and `saveItem` overwrites). Two processes
 * doing it at once both store the same answer.
 */
export async function initialiseEtims(
  deps: EtimsDeps,
  actor: EtimsActor,
): Promise<EtimsSettingsAnswer> {
  const { settings, oscu } = deps;
  if (!settings || !oscu) throw AppError.conflict(T.notConfigured);
  try {
    const info = await askDevice(oscu, settings.deviceSerial);
    await checkCodeLists(oscu, info.cmcKey);
    await registerItems(deps, oscu, info.cmcKey, actor);
    await deps.db.transaction(async (tx) => {
      await saveEtimsInitialisation(tx, {
        branchId: settings.branchId,
        deviceSerial: settings.deviceSerial,
        sdcId: info.sdcId,
        mrcNo: info.mrcNo,
        sealedCmcKey: deps.box.seal(info.cmcKey),
        initialisedAt: nowOf(deps),
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'etims.initialised',
        ip: actor.ip ?? null,
        details: { branchId: settings.branchId, sdcId: info.sdcId, mrcNo: info.mrcNo },
      });
    });
  } catch (error) {
    if (!(error instanceof SetupFailure || error instanceof OscuUnavailableError)) throw error;
    const message = error instanceof SetupFailure ? error.message : T.initialiseUnreachable;
    deps.logger.warn(
      { reason: error instanceof OscuUnavailableError ? error.reason : message },
      'KRA eTIMS initialisation failed',
    );
    await saveEtimsError(deps.db, {
      branchId: settings.branchId,
      deviceSerial: settings.deviceSerial,
      error: message,
      at: nowOf(deps),
    });
    throw AppError.conflict(message);
  }
  return etimsSettingsOf(deps);
}

/**
 * Start-up and the sweep: initialises when configured and not yet done; a failure is kept on
 * the device row and logged, and the next sweep tries again. Never throws.
 */
export async function initialiseEtimsIfNeeded(deps: EtimsDeps): Promise<void> {
  if (!deps.settings) return;
  try {
    const device = await findEtimsDevice(deps.db, deps.settings.branchId);
    if (cmcKeyOf(deps, device) !== null) return;
    await initialiseEtims(deps, SERVER_ACTOR);
  } catch (error) {
    // A SetupFailure was logged and kept above; anything else (the database) is logged here.
    if (!(error instanceof AppError)) {
      deps.logger.error({ err: error }, 'KRA eTIMS initialisation could not run');
    }
  }
}

interface DeviceInfo {
  sdcId: string;
  mrcNo: string;
  cmcKey: string;
}

async function askDevice(oscu: OscuClient, deviceSerial: string): Promise<DeviceInfo> {
  const answer = await oscu.call<{ info?: Partial<DeviceInfo> }>('selectInitOsdcInfo', {
    dvcSrlNo: deviceSerial,
  });
  if (!isOscuSuccess(answer)) throw new SetupFailure(T.deviceRefused(answer.resultMsg));
  const info = answer.data?.info;
  if (
    typeof info?.cmcKey !== 'string' ||
    typeof info.sdcId !== 'string' ||
    typeof info.mrcNo !== 'string'
  ) {
    throw new OscuUnavailableError("an answer without the device's key");
  }
  return { sdcId: info.sdcId, mrcNo: info.mrcNo, cmcKey: info.cmcKey };
}

interface CodeList {
  clsList?: { cdCls?: string; dtlList?: { cd?: string; userDfnCd1?: string | null }[] }[];
}
interface ItemClassList {
  itemClsList?: { itemClsCd?: string }[];
}

/** KRA's rates and classification must be the ones the sale is built with (rules.ts). */
async function checkCodeLists(oscu: OscuClient, cmcKey: string): Promise<void> {
  const codes = await oscu.call<CodeList>('selectCodeList', { lastReqDt: ALL_SINCE }, cmcKey);
  if (!isOscuSuccess(codes)) throw new SetupFailure(T.codeListRefused(codes.resultMsg));
  const taxTypes = codes.data?.clsList?.find((list) => list.cdCls === '04')?.dtlList ?? [];
  const differing = taxTypes
    .filter((type) => ETIMS_TAX_TYPES.includes(type.cd as EtimsTaxType))
    .filter(
      (type) =>
        type.userDfnCd1 != null &&
        Number(type.userDfnCd1) !== ETIMS_TAX_RATES[type.cd as EtimsTaxType],
    )
    .map((type) => type.cd!);
  if (differing.length > 0) throw new SetupFailure(T.taxRatesDiffer(differing.join(', ')));

  const classes = await oscu.call<ItemClassList>(
    'selectItemClsList',
    { lastReqDt: ALL_SINCE },
    cmcKey,
  );
  if (!isOscuSuccess(classes)) throw new SetupFailure(T.codeListRefused(classes.resultMsg));
  if (!classes.data?.itemClsList?.some((item) => item.itemClsCd === LEGAL_SERVICES)) {
    throw new SetupFailure(T.classificationMissing);
  }
}

/** The firm's items (fees, disbursements), each with its tax type under today's VAT status. */
async function registerItems(
  deps: EtimsDeps,
  oscu: OscuClient,
  cmcKey: string,
  actor: EtimsActor,
): Promise<void> {
  const firm = await readFirmSettings(deps);
  const registrant = {
    regrId: (actor.id ?? 'server').slice(0, 20),
    regrNm: actor.name.slice(0, 60),
    modrId: (actor.id ?? 'server').slice(0, 20),
    modrNm: actor.name.slice(0, 60),
  };
  for (const item of ETIMS_ITEMS) {
    const answer = await oscu.call(
      'saveItem',
      {
        itemCd: item.itemCd,
        itemClsCd: item.itemClsCd,
        // 3: a service; KE: made in Kenya; NT and U: no packaging, counted in units.
        itemTyCd: '3',
        itemNm: item.itemNm,
        itemStdNm: null,
        orgnNatCd: 'KE',
        pkgUnitCd: 'NT',
        qtyUnitCd: 'U',
        taxTyCd: etimsTaxTypeOf(item.kind, firm.isVatRegistered),
        btchNo: null,
        bcd: null,
        dftPrc: 0,
        grpPrcL1: null,
        grpPrcL2: null,
        grpPrcL3: null,
        grpPrcL4: null,
        grpPrcL5: null,
        addInfo: null,
        sftyQty: null,
        isrcAplcbYn: 'N',
        useYn: 'Y',
        ...registrant,
      },
      cmcKey,
    );
    if (!isOscuSuccess(answer))
      throw new SetupFailure(T.itemRefused(item.itemNm, answer.resultMsg));
  }
}
