import { describe, expect, it } from 'vitest';
import { isReversal, pullStamp, readPullPage, readTrxDate } from './daraja-pull';

/** Safaricom's Pull Transactions answer as documented, read (ADR 054). */
describe('Pull Transactions', () => {
  const documented = {
    ResponseRefID: '26178-42530161-2',
    ResponseCode: '1000',
    ResponseMessage: 'Success',
    Response: [
      [
        {
          transactionId: 'LHG31AA5TX',
          trxDate: '2020-08-05T10:13:00Z',
          msisdn: 722000000,
          sender: 'UAT2',
          transactiontype: 'c2b-pay-bill-debit',
          billreference: 'FN20260012',
          amount: '168.00',
          organizationname: 'Daraja Pull API Test',
        },
        { transactionId: 'LHG31AA5TY', trxDate: '2020-08-05T10:14:00Z', amount: '233.8' },
        { nothing: 'here' },
      ],
    ],
  };

  it('reads the documented page: the list nested twice, whole shillings only', () => {
    const page = readPullPage(documented)!;
    expect(page.responseCode).toBe('1000');
    expect(page.unreadable).toBe(1);
    expect(page.transactions[0]).toEqual({
      transId: 'LHG31AA5TX',
      paidAt: new Date('2020-08-05T10:13:00Z'),
      amountKsh: 168,
      billReference: 'FN20260012',
      msisdn: '722000000',
      sender: 'UAT2',
      transactionType: 'c2b-pay-bill-debit',
    });
    // Cents are no paybill payment: never rounded.
    expect(page.transactions[1]!.amountKsh).toBeNull();
  });

  it('reads "no transactions" (1001) as an empty page, and anything else as no page', () => {
    expect(readPullPage({ ResponseCode: '1001', Response: [[]] })).toEqual({
      responseCode: '1001',
      transactions: [],
      unreadable: 0,
    });
    expect(readPullPage({ ResponseCode: '1000' })).toBeNull();
    expect(readPullPage(null)).toBeNull();
  });

  it('sends Nairobi times and reads a zone-less trxDate as Nairobi time', () => {
    expect(pullStamp(new Date('2026-12-07T21:05:09Z'))).toBe('2026-12-08 00:05:09');
    expect(readTrxDate('2026-12-08 00:05:09')).toEqual(new Date('2026-12-07T21:05:09Z'));
    expect(readTrxDate('not a date')).toBeNull();
  });

  it('knows a reversal by its transaction type', () => {
    expect(isReversal({ transactionType: 'c2b-pay-bill-reversal' })).toBe(true);
    expect(isReversal({ transactionType: 'c2b-pay-bill-debit' })).toBe(false);
  });
});
