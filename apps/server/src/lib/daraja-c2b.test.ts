import { describe, expect, it } from 'vitest';
import { createDarajaClient, DarajaRefused } from './daraja';
import { instantOfNairobiStamp, parseC2bBody, parseTransactionStatusResult } from './daraja-c2b';
import { useDarajaTestServers, simulator } from './daraja-test-kit';

/**
 * The paybill side of Daraja (ADR 047): the C2B body read, Transaction Status asked as Daraja
 * checks it, and its Result read.
 */

useDarajaTestServers();

const urls = {
  resultUrl: 'https://firm.example/api/payments/c2b/status-result/s',
  queueTimeoutUrl: 'https://firm.example/api/payments/c2b/status-timeout/s',
};

describe('a C2B body', () => {
  it('is read with its amount in whole shillings and the time Nairobi meant', async () => {
    const daraja = await simulator({ callback: 'never' });
    const { body } = daraja.c2b.payPaybill({
      amountKsh: 1_500,
      accountNumber: 'fn 2026-12',
      when: new Date('2026-12-07T21:30:05Z'),
    });
    const { payment } = parseC2bBody(body);
    expect(payment).toMatchObject({
      amountKsh: 1_500,
      billRefNumber: 'fn 2026-12',
      transTime: '20261208003005',
      payerName: 'WANJIRU KAMAU',
    });
    expect(instantOfNairobiStamp(payment!.transTime)?.toISOString()).toBe(
      '2026-12-07T21:30:05.000Z',
    );
  });

  it('is refused for cents, nothing, a bad receipt or no body, never rounded', () => {
    const good = {
      TransID: 'UAB1CD2EF3',
      TransTime: '20261207101500',
      TransAmount: '100.00',
      BusinessShortCode: '174379',
    };
    expect(parseC2bBody(good).payment?.amountKsh).toBe(100);
    expect(parseC2bBody({ ...good, TransAmount: 100 }).payment?.amountKsh).toBe(100);
    expect(parseC2bBody({ ...good, TransAmount: '100.50' }).problem).toBe('bad_amount');
    expect(parseC2bBody({ ...good, TransAmount: '0.00' }).problem).toBe('bad_amount');
    expect(parseC2bBody({ ...good, TransAmount: '-5' }).problem).toBe('bad_amount');
    expect(parseC2bBody({ ...good, TransID: 'abc' }).problem).toBe('bad_receipt');
    expect(parseC2bBody({ ...good, TransTime: '2026-12-07' }).problem).toBe('bad_time');
    expect(parseC2bBody(null).problem).toBe('not_a_payment');
    expect(parseC2bBody('TransID=1').problem).toBe('not_a_payment');
  });
});

describe('Daraja client: Transaction Status', () => {
  it('is asked as Daraja checks it, and its Result read', async () => {
    const daraja = await simulator({ callback: 'never' });
    daraja.c2b.resultTiming('manual');
    const client = createDarajaClient(daraja.settings());
    const { transId } = daraja.c2b.payPaybill({ amountKsh: 2_000, accountNumber: 'MW0001' });
    const accepted = await client.transactionStatus({
      transactionId: transId,
      ...urls,
      remarks: 'Paybill payment check',
      occasion: transId,
    });
    const question = daraja.c2b.questions.at(-1)!;
    expect(question.body).toMatchObject({
      CommandID: 'TransactionStatusQuery',
      TransactionID: transId,
      PartyA: '174379',
      IdentifierType: '4',
      ResultURL: urls.resultUrl,
    });
    expect(accepted.originatorConversationId).toBe(question.originatorConversationId);
    expect(parseTransactionStatusResult(question.result)).toMatchObject({
      resultCode: '0',
      receiptNo: transId,
      amountKsh: 2_000,
      transactionStatus: 'Completed',
      creditPartyName: '174379 - Mwamba and Associates',
      occasion: transId,
    });
  });

  it('is refused by Daraja for a malformed receipt, and not sent without an initiator', async () => {
    const daraja = await simulator({ callback: 'never' });
    const client = createDarajaClient(daraja.settings());
    const refused = await client
      .transactionStatus({ transactionId: 'nope', ...urls, remarks: 'check' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DarajaRefused);
    expect((refused as DarajaRefused).reason).toBe('Bad Request - Invalid TransactionID');
    const without = createDarajaClient({ ...daraja.settings(), initiator: undefined });
    await expect(
      without.transactionStatus({ transactionId: 'UAB1CD2EF3', ...urls, remarks: 'check' }),
    ).rejects.toBeInstanceOf(RangeError);
  });

  it('answers "does not exist" for a receipt M-Pesa never saw, and 2001 for a wrong credential', async () => {
    const daraja = await simulator({ callback: 'never' });
    daraja.c2b.resultTiming('manual');
    await createDarajaClient(daraja.settings()).transactionStatus({
      transactionId: 'UZZZZZZZZZ',
      ...urls,
      remarks: 'check',
    });
    expect(parseTransactionStatusResult(daraja.c2b.questions.at(-1)!.result)).toMatchObject({
      receiptNo: null,
      amountKsh: null,
    });
    expect(parseTransactionStatusResult(daraja.c2b.questions.at(-1)!.result)?.resultCode).not.toBe(
      '0',
    );
    const settings = daraja.settings();
    await createDarajaClient({
      ...settings,
      initiator: { name: settings.initiator!.name, securityCredential: 'wrong' },
    }).transactionStatus({ transactionId: 'UZZZZZZZZZ', ...urls, remarks: 'check' });
    expect(parseTransactionStatusResult(daraja.c2b.questions.at(-1)!.result)?.resultCode).toBe(
      '2001',
    );
  });
});

describe('C2B Register URL (ADR 048)', () => {
  it('registers both addresses with the paybill and what M-Pesa does without an answer', async () => {
    const daraja = await simulator({ callback: 'never' });
    const client = createDarajaClient(daraja.settings());
    const answer = await client.registerC2bUrls({
      responseType: 'Completed',
      confirmationUrl: 'https://portal.mwamba.co.ke/api/payments/c2b/confirmation/s3cret',
      validationUrl: 'https://portal.mwamba.co.ke/api/payments/c2b/validation/s3cret',
    });
    expect(answer).toEqual({ responseDescription: 'success' });
    expect(daraja.registerUrl.registered).toMatchObject({
      responseType: 'Completed',
      confirmationUrl: 'https://portal.mwamba.co.ke/api/payments/c2b/confirmation/s3cret',
    });
  });

  it('is refused, as Daraja refuses, for a wrong shortcode or a forbidden word', async () => {
    const daraja = await simulator({ callback: 'never' });
    const wrong = createDarajaClient(daraja.settings({ shortcode: '999999' }));
    const input = {
      responseType: 'Cancelled' as const,
      confirmationUrl: 'https://portal.mwamba.co.ke/api/payments/c2b/confirmation/s3cret',
      validationUrl: 'https://portal.mwamba.co.ke/api/payments/c2b/validation/s3cret',
    };
    await expect(wrong.registerC2bUrls(input)).rejects.toThrow(DarajaRefused);
    const client = createDarajaClient(daraja.settings());
    await expect(
      client.registerC2bUrls({ ...input, confirmationUrl: 'https://mpesa.mwamba.co.ke/c' }),
    ).rejects.toThrow(/Invalid ConfirmationURL/);
  });
});
