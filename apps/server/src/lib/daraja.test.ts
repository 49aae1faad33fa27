import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  createDarajaClient,
  darajaTimestamp,
  DarajaRefused,
  DarajaUnavailable,
  parseStkCallback,
} from './daraja';
import { freePort } from '../../test/outbox-fakes';
import { useDarajaTestServers, servers, simulator, push } from './daraja-test-kit';

/** The Daraja client: the OAuth token, STK push, STK push query, and Daraja unavailable. */

useDarajaTestServers();

/** A clock the client and the simulator share, moved by the test. */
function clock(iso: string) {
  const state = { time: new Date(iso) };
  return {
    now: () => state.time,
    advanceSeconds(seconds: number) {
      state.time = new Date(state.time.getTime() + seconds * 1000);
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('Daraja client: the OAuth token', () => {
  it('is kept across calls and asked for again a minute before it expires', async () => {
    const time = clock('2026-11-26T09:00:00Z');
    const daraja = await simulator({ now: time.now, callback: 'never' });
    const client = createDarajaClient(daraja.settings(), { now: time.now });

    const { checkoutRequestId } = await client.stkPush(push);
    await client.stkQuery(checkoutRequestId);
    time.advanceSeconds(3599 - 61);
    await client.stkQuery(checkoutRequestId);
    expect(daraja.tokenRequests).toBe(1);

    // 59 s before Daraja's expiry (still valid there): renewed rather than risked.
    time.advanceSeconds(2);
    await client.stkQuery(checkoutRequestId);
    expect(daraja.tokenRequests).toBe(2);
    await client.stkQuery(checkoutRequestId);
    expect(daraja.tokenRequests).toBe(2);
  });

  it('is asked for again, and the call retried once, when Daraja answers 401', async () => {
    const daraja = await simulator({ callback: 'never' });
    const client = createDarajaClient(daraja.settings());
    const { checkoutRequestId } = await client.stkPush(push);
    expect(daraja.tokenRequests).toBe(1);

    daraja.expireTokens();
    expect(await client.stkQuery(checkoutRequestId)).toMatchObject({ state: 'succeeded' });
    expect(daraja.tokenRequests).toBe(2);
    expect(daraja.queries(checkoutRequestId)).toBe(1);
    const queryPaths = daraja.requests.filter((r) => r.path === '/mpesa/stkpushquery/v1/query');
    expect(queryPaths).toHaveLength(2);
  });

  it('is retried only once: a second 401 is a refusal', async () => {
    // Tokens that are dead on arrival: every call is answered 401.
    const daraja = await simulator({ expiresInSeconds: 0 });
    const client = createDarajaClient(daraja.settings());
    const error = await rejection(client.stkPush(push));
    expect(error).toBeInstanceOf(DarajaRefused);
    expect((error as DarajaRefused).reason).toBe('Invalid Access Token');
    expect((error as DarajaRefused).code).toBe('404.001.03');
    expect(daraja.tokenRequests).toBe(2);
    expect(daraja.pushes).toHaveLength(0);
  });

  it('is one request shared by calls made together', async () => {
    const daraja = await simulator({ callback: 'never' });
    const client = createDarajaClient(daraja.settings());
    const accepted = await Promise.all([
      client.stkPush(push),
      client.stkPush({ ...push, phone: '0722000111' }),
      client.stkPush({ ...push, phone: '0733000222' }),
    ]);
    expect(new Set(accepted.map((a) => a.checkoutRequestId)).size).toBe(3);
    expect(daraja.tokenRequests).toBe(1);
  });

  it('is refused for wrong credentials, without the secret in the error', async () => {
    const daraja = await simulator();
    const client = createDarajaClient(
      daraja.settings({ consumerSecret: 'not-the-secret-hunter2' }),
    );
    const error = await rejection(client.stkPush(push));
    expect(error).toBeInstanceOf(DarajaRefused);
    expect((error as DarajaRefused).reason).toBe('Invalid Authentication passed');
    expect((error as DarajaRefused).code).toBe('400.008.01');
    expect(String(error)).not.toContain('hunter2');
  });
});

describe('Daraja client: STK push', () => {
  it('stamps the request on a Nairobi clock: 21:30 UTC is 00:30 the next day', async () => {
    const time = clock('2026-11-26T21:30:00Z');
    const daraja = await simulator({ now: time.now });
    const client = createDarajaClient(daraja.settings(), { now: time.now });

    const accepted = await client.stkPush(push);
    expect(accepted.customerMessage).toBe('Success. Request accepted for processing');
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_/);
    const sent = daraja.push(accepted.checkoutRequestId);
    expect(sent.timestamp).toBe('20261127003000');
    expect(sent.request).toMatchObject({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${daraja.settings().passkey}20261127003000`).toString('base64'),
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1500,
      PartyB: '174379',
      CallBackURL: push.callbackUrl,
      AccountReference: 'FN-2026-0042',
      TransactionDesc: 'Fee note 42',
    });
    expect(darajaTimestamp(new Date('2026-12-31T21:00:00Z'))).toBe('20270101000000');
  });

  it('is refused by a Daraja whose clock is 3 hours from the Timestamp (a UTC stamp)', async () => {
    const daraja = await simulator({ now: () => new Date('2026-11-26T21:30:00Z') });
    // The client's clock 3 hours behind: its Nairobi stamp is the simulator's UTC one.
    const client = createDarajaClient(daraja.settings(), {
      now: () => new Date('2026-11-26T18:30:00Z'),
    });
    const error = await rejection(client.stkPush(push));
    expect(error).toBeInstanceOf(DarajaRefused);
    expect((error as DarajaRefused).reason).toBe('Bad Request - Invalid Timestamp');
  });

  it.each([
    ['0712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['+254712345678', '254712345678'],
    ['254 712 345 678', '254712345678'],
  ])('sends %s as %s in PartyA and PhoneNumber', async (phone, msisdn) => {
    const daraja = await simulator();
    const client = createDarajaClient(daraja.settings());
    const { checkoutRequestId } = await client.stkPush({ ...push, phone });
    const sent = daraja.push(checkoutRequestId);
    expect(sent.phone).toBe(msisdn);
    expect(sent.request.PartyA).toBe(msisdn);
  });

  it('will not send a push Daraja would refuse: a non-Kenyan number, cents, a long reference', async () => {
    const daraja = await simulator();
    const client = createDarajaClient(daraja.settings());
    await expect(client.stkPush({ ...push, phone: '0812345678' })).rejects.toThrow(RangeError);
    await expect(client.stkPush({ ...push, phone: '+255712345678' })).rejects.toThrow(RangeError);
    await expect(client.stkPush({ ...push, amountKsh: 0 })).rejects.toThrow(RangeError);
    await expect(client.stkPush({ ...push, amountKsh: 10.5 })).rejects.toThrow(RangeError);
    await expect(client.stkPush({ ...push, accountReference: 'FN-2026-00042' })).rejects.toThrow(
      RangeError,
    );
    expect(daraja.requests).toHaveLength(0);

    const { checkoutRequestId } = await client.stkPush({
      ...push,
      description: 'Legal fees for conveyancing',
    });
    expect(daraja.push(checkoutRequestId).transactionDesc).toBe('Legal fees fo');
  });

  it('is refused, not "unavailable", when the passkey is wrong (Daraja: 500 "Wrong credentials")', async () => {
    const daraja = await simulator();
    const client = createDarajaClient(daraja.settings({ passkey: 'wrong-passkey-hunter2' }));
    const error = await rejection(client.stkPush(push));
    expect(error).toBeInstanceOf(DarajaRefused);
    expect((error as DarajaRefused).reason).toBe('Wrong credentials');
    expect(String(error)).not.toContain('hunter2');
  });
});

describe('Daraja client: STK push query', () => {
  it('is pending until the customer acts, then succeeded', async () => {
    const daraja = await simulator();
    const client = createDarajaClient(daraja.settings());
    const { checkoutRequestId } = await client.stkPush(push);

    expect(await client.stkQuery(checkoutRequestId)).toEqual({ state: 'pending' });
    expect(await client.stkQuery(checkoutRequestId)).toEqual({ state: 'pending' });
    daraja.complete(checkoutRequestId);
    expect(await client.stkQuery(checkoutRequestId)).toEqual({
      state: 'succeeded',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
    });
    expect(daraja.queries(checkoutRequestId)).toBe(3);
  });

  it.each([
    ['cancelled', 1032, 'Request cancelled by user'],
    ['timeout', 1037, 'DS timeout user cannot be reached'],
    ['insufficient', 1, 'The balance is insufficient for the transaction'],
  ] as const)('is failed when the push ends %s (%i)', async (outcome, resultCode, resultDesc) => {
    const daraja = await simulator();
    const client = createDarajaClient(daraja.settings());
    daraja.nextOutcome(outcome);
    const { checkoutRequestId } = await client.stkPush(push);
    expect(await client.stkQuery(checkoutRequestId)).toEqual({ state: 'pending' });
    daraja.complete(checkoutRequestId);
    expect(await client.stkQuery(checkoutRequestId)).toEqual({
      state: 'failed',
      resultCode,
      resultDesc,
    });
  });

  it('answers the truth whatever a forged callback says', async () => {
    const daraja = await simulator();
    const client = createDarajaClient(daraja.settings());
    daraja.nextOutcome('cancelled');
    const { checkoutRequestId } = await client.stkPush(push);
    const forged = parseStkCallback(
      daraja.callbackBody(checkoutRequestId, { resultCode: 0, receiptNumber: 'TKR4XYZ12A' }),
    );
    expect(forged).toMatchObject({ resultCode: 0, mpesaReceiptNumber: 'TKR4XYZ12A' });
    daraja.complete(checkoutRequestId);
    expect(await client.stkQuery(checkoutRequestId)).toMatchObject({
      state: 'failed',
      resultCode: 1032,
    });
  });

  it('is refused for a CheckoutRequestID Daraja does not know', async () => {
    const daraja = await simulator();
    const client = createDarajaClient(daraja.settings());
    const error = await rejection(client.stkQuery('ws_CO_26112026093000000001'));
    expect(error).toBeInstanceOf(DarajaRefused);
    expect((error as DarajaRefused).reason).toBe('Bad Request - Invalid CheckoutRequestID');
    expect((error as DarajaRefused).code).toBe('400.002.02');
  });
});

describe('Daraja client: Daraja unavailable', () => {
  it('says so while Daraja answers 503, and works again after', async () => {
    const daraja = await simulator({ callback: 'never' });
    const client = createDarajaClient(daraja.settings());
    const { checkoutRequestId } = await client.stkPush(push);

    daraja.down(true);
    expect(await rejection(client.stkQuery(checkoutRequestId))).toBeInstanceOf(DarajaUnavailable);
    expect(await rejection(client.stkPush(push))).toBeInstanceOf(DarajaUnavailable);
    daraja.down(false);
    expect(await client.stkQuery(checkoutRequestId)).toMatchObject({ state: 'succeeded' });
  });

  it('says so when nothing listens (a refused connection)', async () => {
    const daraja = await simulator();
    const port = await freePort();
    const client = createDarajaClient(daraja.settings({ baseUrl: `http://127.0.0.1:${port}` }));
    const error = await rejection(client.stkPush(push));
    expect(error).toBeInstanceOf(DarajaUnavailable);
    expect(String(error)).not.toContain(daraja.settings().consumerSecret);
  });

  it('says so when Daraja does not answer in time', async () => {
    const silent = createServer(() => {
      // Never answers.
    });
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const daraja = await simulator();
    const client = createDarajaClient(daraja.settings({ baseUrl: `http://127.0.0.1:${port}` }), {
      timeoutMs: 200,
    });
    const error = await rejection(client.stkPush(push));
    expect(error).toBeInstanceOf(DarajaUnavailable);
    expect((error as DarajaUnavailable).reason).toBe('no answer within 200 ms');
  });
});
