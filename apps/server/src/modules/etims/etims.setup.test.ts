import { ETIMS_TEXTS as T, describeAuditEntry, type AuditEntryView } from '@firm/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { etimsDevices } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startEtimsSimulator, type EtimsSimulator } from '../../../test/etims-simulator';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { etimsEnv } from './etims-test-kit';

/** eTIMS' set-up (ADR 049): by itself at start-up, on an advocate's demand, never the key shown. */

let seq = 0;
// The audit log's rows as System Settings writes them out.
const sentence = (entry: AuditEntryView) =>
  describeAuditEntry(entry as Parameters<typeof describeAuditEntry>[0]).text;
const advocateOf = async (ctx: TestContext) =>
  bearer(
    await sessionFor(
      ctx,
      await seedUser(ctx, { role: 'advocate', email: `etims-${(seq += 1)}@firm.test` }),
    ),
  );

describe('eTIMS not set up', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('says so, and initialising says what to set', async () => {
    const headers = await advocateOf(ctx);
    const state = await ctx.app.inject({ method: 'GET', url: '/api/settings/etims', headers });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({
      configured: false,
      branchId: null,
      deviceSerial: null,
      initialisedAt: null,
      sdcId: null,
      mrcNo: null,
      lastError: null,
    });
    const initialise = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/etims/initialise',
      headers,
    });
    expect(initialise.statusCode).toBe(409);
    expect(initialise.json().message).toBe(T.notConfigured);
  });
});

describe('eTIMS set up', () => {
  let kra: EtimsSimulator;
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    kra = await startEtimsSimulator();
  });
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
    kra.down(false);
  });
  afterAll(() => kra.close());

  const start = async (env: Record<string, string> = {}) => {
    ctx = await createTestContext(etimsEnv(kra, env));
    await ctx.app.etims.settle();
    return ctx;
  };

  it('initialises by itself at start-up: the key sealed, KRA checked, the two items registered', async () => {
    const app = await start();
    const headers = await advocateOf(app);
    const state = await app.app.inject({ method: 'GET', url: '/api/settings/etims', headers });
    expect(state.json()).toMatchObject({
      configured: true,
      branchId: '00',
      deviceSerial: kra.settings.deviceSerial,
      sdcId: kra.sdcId,
      mrcNo: 'WIS01000150',
      lastError: null,
    });
    expect(Date.parse(state.json().initialisedAt)).not.toBeNaN();
    expect(state.body).not.toContain(kra.cmcKey);
    expect([...kra.items.keys()].sort()).toEqual(['KE3NTU0000001', 'KE3NTU0000002']);
    // The defaults are a firm without VAT: both items are D (non-VAT).
    expect([...kra.items.values()].map((item) => item.taxTyCd)).toEqual(['D', 'D']);
    expect(kra.requests.map((request) => request.path)).toEqual([
      '/selectInitOsdcInfo',
      '/selectCodeList',
      '/selectItemClsList',
      '/saveItem',
      '/saveItem',
    ]);

    const [device] = await app.database.db.select().from(etimsDevices);
    expect(device!.sealedCmcKey).not.toContain(kra.cmcKey);
    expect(app.app.twoFactorBox.open(device!.sealedCmcKey!)).toBe(kra.cmcKey);

    const log = await app.app.inject({ method: 'GET', url: '/api/settings/audit-log', headers });
    expect(log.json().entries.map(sentence)).toContain(
      `The server initialised KRA eTIMS for branch 00 (device ${kra.sdcId})`,
    );

    // The sweep leaves an initialised device alone; an advocate may initialise it again.
    kra.requests.length = 0;
    await app.app.etims.sweep();
    expect(kra.requests).toEqual([]);
    const again = await app.app.inject({
      method: 'POST',
      url: '/api/settings/etims/initialise',
      headers,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ sdcId: kra.sdcId, lastError: null });
    const later = await app.app.inject({ method: 'GET', url: '/api/settings/audit-log', headers });
    expect(later.json().entries.map(sentence)).toContain(
      `Test advocate initialised KRA eTIMS for branch 00 (device ${kra.sdcId})`,
    );
  });

  it('starts while KRA is down, keeps why, and initialises once KRA is back', async () => {
    kra.down(true);
    const app = await start();
    const headers = await advocateOf(app);
    const state = await app.app.inject({ method: 'GET', url: '/api/settings/etims', headers });
    expect(state.json()).toMatchObject({
      configured: true,
      initialisedAt: null,
      lastError: T.initialiseUnreachable,
    });
    const tried = await app.app.inject({
      method: 'POST',
      url: '/api/settings/etims/initialise',
      headers,
    });
    expect(tried.statusCode).toBe(409);
    expect(tried.json().message).toBe(T.initialiseUnreachable);

    // Still down at the next sweep: still waiting, nothing else changed.
    await app.app.etims.sweep();
    const waiting = await app.app.inject({ method: 'GET', url: '/api/settings/etims', headers });
    expect(waiting.json()).toMatchObject({
      initialisedAt: null,
      lastError: T.initialiseUnreachable,
    });

    kra.down(false);
    await app.app.etims.sweep();
    const after = await app.app.inject({ method: 'GET', url: '/api/settings/etims', headers });
    expect(after.json()).toMatchObject({ sdcId: kra.sdcId, lastError: null });
  });

  it("shows KRA's refusal of the device in plain words", async () => {
    const app = await start({ ETIMS_DEVICE_SERIAL: 'WRONG-SERIAL' });
    const headers = await advocateOf(app);
    const state = await app.app.inject({ method: 'GET', url: '/api/settings/etims', headers });
    expect(state.json()).toMatchObject({
      deviceSerial: 'WRONG-SERIAL',
      initialisedAt: null,
      sdcId: null,
      lastError: T.deviceRefused('It is not valid device'),
    });
    const tried = await app.app.inject({
      method: 'POST',
      url: '/api/settings/etims/initialise',
      headers,
    });
    expect(tried.statusCode).toBe(409);
    expect(tried.json().message).toBe(T.deviceRefused('It is not valid device'));
  });
});
