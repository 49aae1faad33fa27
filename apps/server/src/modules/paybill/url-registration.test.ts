import {
  PAYBILL_REGISTER_TEXTS as T,
  describeAuditEntry,
  type AuditEntryForText,
  type FirmSettingsAnswer,
} from '@firm/shared';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startDarajaSimulator, type DarajaSimulator } from '../../../test/daraja-simulator';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { mpesaEnv, SECRET } from './paybill-test-kit';

/**
 * Registering the paybill's addresses with Safaricom from System Settings (ADR 048): against the
 * local Daraja, each refusal in plain words before Daraja is asked, Daraja's failure, and what the
 * firm settings' answer then says. The callback secret is never in an answer nor the log.
 */

const PUBLIC_URL = 'https://portal.mwamba.co.ke';
const REGISTER = '/api/settings/mpesa/c2b/register';

let daraja: DarajaSimulator;
let ctx: TestContext;
let token: string;
const log: string[] = [];

beforeAll(async () => {
  daraja = await startDarajaSimulator({ callback: 'never' });
  ctx = await createTestContext(
    { ...mpesaEnv(daraja), PUBLIC_URL, LOG_LEVEL: 'info' },
    {
      logStream: new Writable({
        write(chunk, _encoding, done) {
          log.push(String(chunk));
          done();
        },
      }),
    },
  );
  const advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'achieng@register.test',
    firstName: 'Achieng',
    lastName: 'Mwamba',
  });
  token = await sessionFor(ctx, advocate);
});
afterAll(async () => {
  await ctx.close();
  await daraja.close();
});

const register = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: REGISTER, headers: bearer(token), payload });
const firmSettings = async () => {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: '/api/settings/firm',
    headers: bearer(token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as FirmSettingsAnswer;
};
/** The server as restarted with another PUBLIC_URL (the routes read it on each request). */
const withPublicUrl = async <R>(publicUrl: string, run: () => Promise<R>): Promise<R> => {
  const config = ctx.app.config as { publicUrl: string };
  const before = config.publicUrl;
  config.publicUrl = publicUrl;
  try {
    return await run();
  } finally {
    config.publicUrl = before;
  }
};

describe('registering the paybill addresses', () => {
  it('says nothing is registered before the first registration', async () => {
    expect((await firmSettings()).paybillConnection).toEqual({
      mpesaSetUp: true,
      registration: null,
    });
  });

  it('asks for what M-Pesa does when the check does not answer', async () => {
    for (const payload of [{}, { responseType: 'Later' }]) {
      const answer = await register(payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().errors).toEqual({ responseType: T.responseTypeInvalid });
    }
    expect(daraja.registerUrl.registrations).toBe(0);
  });

  it('refuses an address that is not https, or holds a word Safaricom forbids, without asking Daraja', async () => {
    const notHttps = await withPublicUrl('http://portal.mwamba.co.ke', () =>
      register({ responseType: 'Completed' }),
    );
    expect(notHttps.statusCode, notHttps.body).toBe(409);
    expect(notHttps.json().message).toBe(T.notHttps);
    const forbidden = await withPublicUrl('https://mpesa.mwamba.co.ke', () =>
      register({ responseType: 'Completed' }),
    );
    expect(forbidden.statusCode, forbidden.body).toBe(409);
    expect(forbidden.json().message).toBe(T.forbiddenWord('mpesa'));
    expect(daraja.registerUrl.registrations).toBe(0);
    expect((await firmSettings()).paybillConnection.registration).toBeNull();
  });

  it('answers 502 in plain words when Daraja fails, and records nothing', async () => {
    daraja.down(true);
    try {
      const answer = await register({ responseType: 'Completed' });
      expect(answer.statusCode, answer.body).toBe(502);
      expect(answer.json()).toEqual({ message: T.darajaUnavailable, code: 'DARAJA_FAILED' });
    } finally {
      daraja.down(false);
    }
    expect((await firmSettings()).paybillConnection.registration).toBeNull();
  });

  it('registers both addresses with Daraja, answers what it said, and keeps who and when', async () => {
    const answer = await register({ responseType: 'Cancelled' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).not.toContain(SECRET);
    expect(daraja.registerUrl.registered).toEqual({
      shortCode: '174379',
      responseType: 'Cancelled',
      confirmationUrl: `${PUBLIC_URL}/api/payments/c2b/confirmation/${SECRET}`,
      validationUrl: `${PUBLIC_URL}/api/payments/c2b/validation/${SECRET}`,
    });
    const registration = {
      registeredAt: expect.any(String),
      registeredBy: 'Achieng Mwamba',
      responseType: 'Cancelled',
      confirmationUrl: `${PUBLIC_URL}/api/payments/c2b/confirmation/[secret]`,
      validationUrl: `${PUBLIC_URL}/api/payments/c2b/validation/[secret]`,
      current: true,
    };
    expect(answer.json()).toEqual({
      success: true,
      message: T.registered,
      darajaAnswer: 'success',
      connection: { mpesaSetUp: true, registration },
    });
    const settings = await firmSettings();
    expect(JSON.stringify(settings)).not.toContain(SECRET);
    expect(settings.paybillConnection).toEqual({ mpesaSetUp: true, registration });
    expect(
      Date.now() - Date.parse(settings.paybillConnection.registration!.registeredAt),
    ).toBeLessThan(60_000);

    const audit = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/audit-log?action=paybill.addresses_registered',
      headers: bearer(token),
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.body).not.toContain(SECRET);
    const [entry] = audit.json().entries as AuditEntryForText[];
    expect(describeAuditEntry(entry!).text).toBe(
      'Achieng Mwamba registered the paybill’s addresses with Safaricom, refusing a payment when the system does not answer in time',
    );
  });

  it('says the registration is out of date once PUBLIC_URL changed, and a new one replaces it', async () => {
    await withPublicUrl('https://new.mwamba.co.ke', async () => {
      expect((await firmSettings()).paybillConnection.registration).toMatchObject({
        current: false,
        responseType: 'Cancelled',
      });
      const again = await register({ responseType: 'Completed' });
      expect(again.statusCode, again.body).toBe(200);
      expect((await firmSettings()).paybillConnection.registration).toMatchObject({
        current: true,
        responseType: 'Completed',
        confirmationUrl: 'https://new.mwamba.co.ke/api/payments/c2b/confirmation/[secret]',
      });
    });
    expect(daraja.registerUrl.registrations).toBe(2);
  });

  it('never writes the callback secret to the log', () => {
    expect(log.join('')).toContain('C2B Register URL failed');
    expect(log.join('')).not.toContain(SECRET);
  });
});

describe('registering the paybill addresses without M-Pesa set up', () => {
  let bare: TestContext;
  let bareToken: string;
  beforeAll(async () => {
    bare = await createTestContext({ PUBLIC_URL });
    const advocate = await seedUser(bare, { role: 'advocate', email: 'achieng@bare.test' });
    bareToken = await sessionFor(bare, advocate);
  });
  afterAll(() => bare.close());

  it('is refused in plain words, and the settings say M-Pesa is not set up', async () => {
    const answer = await bare.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: bearer(bareToken),
      payload: { responseType: 'Completed' },
    });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().message).toBe(T.notSetUp);
    const settings = await bare.app.inject({
      method: 'GET',
      url: '/api/settings/firm',
      headers: bearer(bareToken),
    });
    expect(settings.json().paybillConnection).toEqual({ mpesaSetUp: false, registration: null });
  });
});
