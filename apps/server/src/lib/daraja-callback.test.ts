import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { callbackPath, createDarajaClient, parseStkCallback } from './daraja';
import { useDarajaTestServers, simulators, servers, simulator, push } from './daraja-test-kit';

/** Safaricom's callback: read by parseStkCallback, and sent by the simulator by itself. */

useDarajaTestServers();

describe('parseStkCallback', () => {
  it("reads Daraja's documented success callback", () => {
    // Safaricom's sample, as published for Lipa na M-Pesa Online.
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: '19465-780693-1',
          CheckoutRequestID: 'ws_CO_27072017154747416',
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1 },
              { Name: 'MpesaReceiptNumber', Value: 'LGR7OWQX0R' },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20170727154800 },
              { Name: 'PhoneNumber', Value: 254721566839 },
            ],
          },
        },
      },
    };
    expect(parseStkCallback(body)).toEqual({
      merchantRequestId: '19465-780693-1',
      checkoutRequestId: 'ws_CO_27072017154747416',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      amountKsh: 1,
      mpesaReceiptNumber: 'LGR7OWQX0R',
      phone: '+254721566839',
      transactionDate: '20170727154800',
    });
  });

  it("reads the simulator's success and cancelled callbacks", async () => {
    const daraja = await simulator();
    const client = createDarajaClient(daraja.settings());
    const paid = await client.stkPush(push);
    daraja.nextOutcome('cancelled');
    const cancelled = await client.stkPush(push);

    const success = parseStkCallback(daraja.callbackBody(paid.checkoutRequestId));
    expect(success).toMatchObject({
      checkoutRequestId: paid.checkoutRequestId,
      merchantRequestId: paid.merchantRequestId,
      resultCode: 0,
      amountKsh: 1500,
      mpesaReceiptNumber: daraja.push(paid.checkoutRequestId).receiptNumber,
      phone: '+254712345678',
    });
    expect(success?.mpesaReceiptNumber).toMatch(/^[A-Z0-9]{10}$/);
    expect(success?.transactionDate).toMatch(/^\d{14}$/);

    expect(parseStkCallback(daraja.callbackBody(cancelled.checkoutRequestId))).toEqual({
      merchantRequestId: cancelled.merchantRequestId,
      checkoutRequestId: cancelled.checkoutRequestId,
      resultCode: 1032,
      resultDesc: 'Request cancelled by user',
      amountKsh: null,
      mpesaReceiptNumber: null,
      phone: null,
      transactionDate: null,
    });
  });

  it('reads a body without CallbackMetadata as one with no payment details', () => {
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: '29115-34620561-1',
          CheckoutRequestID: 'ws_CO_191220191020363925',
          ResultCode: 1037,
          ResultDesc: 'DS timeout user cannot be reached',
        },
      },
    };
    expect(parseStkCallback(body)).toMatchObject({
      resultCode: 1037,
      amountKsh: null,
      mpesaReceiptNumber: null,
      phone: null,
      transactionDate: null,
    });
  });

  it.each([
    ['null', null],
    ['a string', 'Body=stkCallback'],
    ['an empty object', {}],
    ['another JSON', { Result: { ResultCode: 0 } }],
    [
      'a callback without its ids',
      { Body: { stkCallback: { ResultCode: 0, ResultDesc: 'The service request is processed' } } },
    ],
    [
      'a ResultCode that is no number',
      {
        Body: {
          stkCallback: {
            MerchantRequestID: '1',
            CheckoutRequestID: 'ws_CO_1',
            ResultCode: 'ok',
            ResultDesc: 'x',
          },
        },
      },
    ],
  ])('is null for %s', (_label, body) => {
    expect(parseStkCallback(body)).toBeNull();
  });
});

describe('Daraja simulator: the callback it sends by itself', () => {
  it('posts a body parseStkCallback reads to the push’s CallBackURL', async () => {
    const received: { path: string | undefined; body: unknown }[] = [];
    const app = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ path: request.url, body: JSON.parse(body) as unknown });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ResultCode":0}');
      });
    });
    servers.push(app);
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const { port } = app.address() as AddressInfo;

    const daraja = await simulator({ callback: 'immediately' });
    const client = createDarajaClient(daraja.settings());
    const path = callbackPath(daraja.settings().callbackSecret);
    const { checkoutRequestId } = await client.stkPush({
      ...push,
      callbackUrl: `http://127.0.0.1:${port}${path}`,
    });
    await daraja.close();
    simulators.splice(simulators.indexOf(daraja), 1);

    expect(daraja.push(checkoutRequestId).callbacks).toMatchObject([{ status: 200 }]);
    expect(received.map((r) => r.path)).toEqual(['/api/mpesa/callback/simulator-callback-secret']);
    expect(parseStkCallback(received[0]?.body)).toMatchObject({
      checkoutRequestId,
      resultCode: 0,
      amountKsh: 1500,
      mpesaReceiptNumber: daraja.push(checkoutRequestId).receiptNumber,
    });
  });
});
