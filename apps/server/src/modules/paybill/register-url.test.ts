import { describe, expect, it } from 'vitest';
import { registerAddresses } from './register-url';

/** The addresses registered with Safaricom's C2B Register URL API (ADR 048). */
describe('the paybill addresses given to Safaricom', () => {
  it('are the confirmation and validation routes on PUBLIC_URL, with the secret', () => {
    expect(registerAddresses('https://portal.mwamba.co.ke/', 's3cret')).toEqual({
      ok: true,
      addresses: {
        confirmationUrl: 'https://portal.mwamba.co.ke/api/payments/c2b/confirmation/s3cret',
        validationUrl: 'https://portal.mwamba.co.ke/api/payments/c2b/validation/s3cret',
      },
    });
  });

  it('are refused in plain words when PUBLIC_URL is not https, except on this machine', () => {
    const refused = registerAddresses('http://portal.mwamba.co.ke', 's3cret');
    expect(refused).toEqual({ ok: false, message: expect.stringContaining('secure (https)') });
    expect(registerAddresses('http://127.0.0.1:3800', 's3cret').ok).toBe(true);
    expect(registerAddresses('not an address', 's3cret').ok).toBe(false);
  });

  it('are refused when either carries a word Safaricom forbids, in any case', () => {
    for (const [publicUrl, secret, word] of [
      ['https://mpesa.mwamba.co.ke', 'abc', 'mpesa'],
      ['https://pay.mwamba.co.ke/M-Pesa', 'abc', 'm-pesa'],
      ['https://safaricom-pay.example', 'abc', 'safaricom'],
      ['https://portal.mwamba.co.ke', 'xSQLx', 'sql'],
      ['https://portal.mwamba.co.ke', 'Query1', 'query'],
      ['https://cmd.mwamba.co.ke', 'abc', 'cmd'],
      ['https://portal.mwamba.co.ke', 'abcexe', 'exe'],
    ] as const) {
      const answer = registerAddresses(publicUrl, secret);
      expect(answer, publicUrl + secret).toEqual({
        ok: false,
        message: expect.stringContaining(`“${word}”`),
      });
    }
  });
});
