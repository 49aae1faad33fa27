import { Readable } from 'node:stream';
import { groupThousands } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { readStatementCsv, readStatementStream, type StatementImport } from './statement-csv';

const HEADING = 'Date,Description,Reference,Money in,Money out,Balance';
const csv = (...rows: string[]) => `${rows.join('\r\n')}\r\n`;

function lines(result: StatementImport) {
  if (!result.ok) throw new Error(result.errors.map((error) => error.message).join('\n'));
  return result;
}
function errors(result: StatementImport) {
  if (result.ok) throw new Error('The statement was read, but problems were expected');
  return result.errors.map((error) => error.message);
}

describe('the generic layout', () => {
  it('reads a bank export with its preamble, quoted thousands and a balance brought forward', () => {
    const result = lines(
      readStatementCsv(
        '\uFEFF' +
          csv(
            'MWAMBA & ASSOCIATES ADVOCATES CLIENT ACCOUNT,,,,,',
            'Account,0123456789012,,,,',
            'Period,01/11/2026 to 30/11/2026,,,,',
            '',
            'Transaction Date,Narration,Cheque No,Credit (KES),Debit (KES),Balance (KES)',
            '01/11/2026,BALANCE B/F,,,,"4,870,350.00"',
            '02/11/2026,"MPESA C2B QKJ3X7Y8ZP NJERI WANJIKU-KAMAU, PLOT 2231",QKJ3X7Y8ZP,"1,250,000.00",,"6,120,350.00"',
            '30/11/2026,CHQ 004512 JUDICIARY OF KENYA MILIMANI COURT FEES,004512,,"18,450.00","6,101,900.00"',
          ),
      ),
    );
    expect(result.format).toBe('generic');
    expect(result.openingBalanceKsh).toBe(4_870_350);
    expect(result.closingBalanceKsh).toBe(6_101_900);
    expect(result.lines).toEqual([
      {
        lineNumber: 7,
        date: '2026-11-02',
        time: null,
        description: 'MPESA C2B QKJ3X7Y8ZP NJERI WANJIKU-KAMAU, PLOT 2231',
        reference: 'QKJ3X7Y8ZP',
        amountKsh: 1_250_000,
        balanceKsh: 6_120_350,
        otherParty: null,
        accountNumber: null,
      },
      expect.objectContaining({ lineNumber: 8, date: '2026-11-30', amountKsh: -18_450 }),
    ]);
  });

  it('turns a newest-first export round, so lines run oldest first', () => {
    const result = lines(
      readStatementCsv(
        csv(
          HEADING,
          '01/12/2026,EXCISE DUTY,,,30,"2,499,820"',
          '30/11/2026,LEDGER FEE,,,150,"2,499,850"',
          '30/11/2026,RTGS IN OTIENO OCHIENG ODHIAMBO,FT26334ABC,"2,500,000",,"2,500,000"',
        ),
      ),
    );
    expect(result.lines.map((line) => line.lineNumber)).toEqual([4, 3, 2]);
    expect(result.openingBalanceKsh).toBe(0);
    expect(result.closingBalanceKsh).toBe(2_499_820);
  });

  it('turns a one-day newest-first export round by its balances', () => {
    const result = lines(
      readStatementCsv(csv(HEADING, '30/11/2026,FEE,,,100,900', '30/11/2026,DEPOSIT,,1000,,1000')),
    );
    expect(result.lines.map((line) => line.amountKsh)).toEqual([1_000, -100]);
    expect(result.closingBalanceKsh).toBe(900);
  });

  it('needs no Reference column, and leaves blank balances to the lines around them', () => {
    const result = lines(
      readStatementCsv(
        csv(
          'Date,Details,Money In,Money Out,Balance',
          '27/11/2026,CASH DEPOSIT KIPROTICH,"15,000",,',
          '27/11/2026,CASH DEPOSIT CHEBET,"5,000",,"120,000"',
        ),
      ),
    );
    expect(result.lines.map((line) => line.reference)).toEqual(['', '']);
    expect(result.openingBalanceKsh).toBe(100_000);
    expect(result.closingBalanceKsh).toBe(120_000);
  });
});

describe('the M-Pesa organisation statement', () => {
  const MPESA_HEADING =
    'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.';

  it('reads the portal’s export: preamble, newest first, negative withdrawals, failures left out', () => {
    const result = lines(
      readStatementCsv(
        csv(
          'Organisation Name,MWAMBA & ASSOCIATES ADVOCATES CLIENT A/C',
          'Organisation Short Code,522533',
          'Time Period,01-11-2026 00:00:00 - 30-11-2026 23:59:59',
          '',
          MPESA_HEADING,
          'SKU9ZB7Q2M,30-11-2026 23:59:41,30-11-2026 23:59:38,Pay Bill from 2547****678 - AKINYI ATIENO OMONDI-WEKESA Acc. MWA/CV/2026/0417,Completed,"23,750.00",,"1,873,750.00",true,Pay Bill Online,2547****678 - AKINYI ATIENO OMONDI-WEKESA,,MWA/CV/2026/0417',
          'SKU9ZB7Q2L,30-11-2026 21:10:02,30-11-2026 21:10:00,Pay Bill from 2547****111 - PETER,Failed,"5,000.00",,"1,850,000.00",true,Pay Bill Online,2547****111 - PETER,,',
          'SKT1AA0B9C,29-11-2026 10:00:00,29-11-2026 10:00:00,Business Pay Bill Charge,Completed,,-150.00,"1,850,000.00",true,Business Pay Bill Charge,,,',
          'SKT1AA0B9B,29-11-2026 10:00:00,29-11-2026 10:00:00,Organization Settle to Bank,Completed,,"-500,000.00","1,850,150.00",true,Withdraw Funds to Bank,EQUITY BANK,,',
          'SKS5XY12Z0,01-11-2026 00:00:05,01-11-2026 00:00:01,Pay Bill from 2547****900 - JOHN,Completed,"2,350,150.00",,"2,350,150.00",true,Pay Bill Online,2547****900 - JOHN,,CASE 88',
          ',,,Totals,,"2,373,900.00","-500,150.00",,,,,,',
        ),
      ),
    );
    expect(result.format).toBe('mpesa');
    expect(
      result.lines.map((line) => [line.reference, line.date, line.time, line.amountKsh]),
    ).toEqual([
      ['SKS5XY12Z0', '2026-11-01', '00:00:05', 2_350_150],
      ['SKT1AA0B9B', '2026-11-29', '10:00:00', -500_000],
      ['SKT1AA0B9C', '2026-11-29', '10:00:00', -150],
      ['SKU9ZB7Q2M', '2026-11-30', '23:59:41', 23_750],
    ]);
    expect(result.lines[3]).toMatchObject({
      otherParty: '2547****678 - AKINYI ATIENO OMONDI-WEKESA',
      accountNumber: 'MWA/CV/2026/0417',
      lineNumber: 6,
    });
    expect(result.openingBalanceKsh).toBe(0);
    expect(result.closingBalanceKsh).toBe(1_873_750);
    expect(result.skipped).toEqual([
      {
        lineNumber: 7,
        message:
          'Line 7 left out: its status is “Failed”, and only completed transactions move money.',
      },
    ]);
  });

  it('accepts lines of the same second in either order', () => {
    const result = lines(
      readStatementCsv(
        csv(
          MPESA_HEADING,
          'SKT1AA0B9B,29-11-2026 10:00:00,,Organization Settle to Bank,Completed,,"-500,000.00","1,850,150.00",,,,,',
          'SKT1AA0B9C,29-11-2026 10:00:00,,Business Pay Bill Charge,Completed,,-150.00,"1,850,000.00",,,,,',
          'SKS5XY12Z0,28-11-2026 09:00:00,,Pay Bill,Completed,"100,000.00",,"2,350,150.00",,,,,',
        ),
      ),
    );
    expect(result.openingBalanceKsh).toBe(2_250_150);
    expect(result.closingBalanceKsh).toBe(1_850_000);
  });
});

describe('a statement with problems', () => {
  it('lists every bad line by number, and gives no lines at all', () => {
    const result = readStatementCsv(
      csv(
        HEADING,
        '02/11/2026,DEPOSIT WAMBUI,,"12,500",,"12,500"',
        '31/11/2026,DEPOSIT MUTUA,,"5,000",,"17,500"',
        '03/11/2026,EXCISE DUTY ON CHARGES,,,"1,234.50","16,265"',
        '04/11/2026,RTGS,,"1,000","2,000","15,265"',
        ',CASH,,"1,000",,"16,265"',
        '05/11/2026,NOTHING,,,,',
        '06/11/2026,SHORT',
      ),
    );
    expect(result.ok).toBe(false);
    expect(errors(result)).toEqual([
      'Line 3: “31/11/2026” is not a real day.',
      'Line 4: “1,234.50” in Money out has cents. Client money is kept in whole shillings, so this line could never match the cash book: ask the bank whether the amount is right.',
      'Line 5 has money both in (KSh 1,000) and out (KSh 2,000); a statement line is one or the other.',
      'Line 6: the date is missing.',
      'Line 7 has no amount in or out.',
      'Line 8 has 2 cells, but the statement’s columns need 6: the line may be cut short.',
    ]);
  });

  it('refuses money in written negative, and quotes a long cell back cut short', () => {
    const result = readStatementCsv(
      csv(
        HEADING,
        '02/11/2026,REVERSAL,,"-12,500",,"87,500"',
        `03/11/2026,DEPOSIT,,${'KIPCHUMBA-'.repeat(8)},,"87,500"`,
      ),
    );
    expect(errors(result)).toEqual([
      'Line 2: Money in “-12,500” is negative; money going out belongs in the other column.',
      'Line 3: “KIPCHUMBA-KIPCHUMBA-KIPCHUMBA-KIPCHUMBA…” in Money in is not an amount. Write shillings with or without commas, e.g. 12,500 or 12500.00.',
    ]);
  });

  it('says which balance does not follow, once for one missing line', () => {
    const result = readStatementCsv(
      csv(
        HEADING,
        '02/11/2026,DEPOSIT,,"10,000",,"110,000"',
        '03/11/2026,CHEQUE 000231,000231,,"2,500","105,000"',
        '04/11/2026,DEPOSIT,,"1,000",,"106,000"',
      ),
    );
    expect(errors(result)).toEqual([
      'Line 3: the balance KSh 105,000 does not follow from the lines before it (KSh 107,500 expected). A line may be missing from the file, or an amount mistyped.',
    ]);
  });

  it('names the missing column of a heading, or two columns that mean the same', () => {
    expect(
      errors(readStatementCsv(csv('Date,Description,Money in,Debit', '02/11/2026,X,1,'))),
    ).toEqual(['Line 1 looks like the heading row, but it has no column for Balance.']);
    expect(
      errors(readStatementCsv(csv('Date,Description,Credit,Money in,Money out,Balance'))),
    ).toEqual([
      'Line 1: the columns “Credit” and “Money in” mean the same thing; keep one of them.',
    ]);
  });

  it('says what the file should look like when it has no heading', () => {
    expect(errors(readStatementCsv(csv('02/11/2026,DEPOSIT,,1000,,1000')))[0]).toMatch(
      /^No heading row was found in the first 30 rows/,
    );
    expect(errors(readStatementCsv(''))).toEqual([
      'The file is empty: export the statement again and choose the CSV file it gives.',
    ]);
    expect(errors(readStatementCsv(csv(HEADING)))).toEqual([
      'The file has a heading row but no statement lines under it.',
    ]);
    expect(errors(readStatementCsv(csv(HEADING, '02/11/2026,DEPOSIT,,1000,,')))).toEqual([
      'No line of the statement has a balance, so its closing balance cannot be known. Export it with the balance column filled.',
    ]);
  });

  it('refuses a long file with no heading, from memory or as a stream', async () => {
    const rows = Array.from(
      { length: 5_000 },
      (_, index) => `02/11/2026,DEPOSIT ${index},,1000,,1000`,
    );
    const text = csv('Client,Wanjiru', ...rows);
    const expected = {
      ok: false,
      errors: [
        {
          lineNumber: null,
          message: expect.stringMatching(/^No heading row was found in the first 30 rows/),
        },
      ],
    };
    expect(readStatementCsv(text)).toEqual(expected);
    expect(await readStatementStream(Readable.from([Buffer.from(text)]))).toEqual(expected);
  });

  it('keeps a stray quotation mark inside a description, and says where one is never closed', () => {
    const read = lines(
      readStatementCsv(
        csv(HEADING, '02/11/2026,DEPOSIT,,1000,,1000', '03/11/2026,"CHEQUE 12" DRAWN,,,10,990'),
      ),
    );
    expect(read.lines[1]!.description).toBe('"CHEQUE 12" DRAWN');
    expect(errors(readStatementCsv(`${HEADING}\n02/11/2026,"DEPOSIT,,1000,,1000\n`))).toEqual([
      'Line 2: a quotation mark opened here is never closed, so the rest of the file cannot be read.',
    ]);
  });

  it('refuses a runaway row rather than holding it', () => {
    const result = readStatementCsv(
      csv(
        HEADING,
        '02/11/2026,DEPOSIT,,1000,,1000',
        `03/11/2026,"${'WANJIKU '.repeat(3_000)}",,,10,990`,
      ),
    );
    expect(errors(result)).toEqual([
      'Line 3 is far longer than a statement line can be: the file may not be a statement.',
    ]);
  });

  it('lists the first hundred problems and counts the rest', () => {
    const rows = Array.from({ length: 130 }, (_, index) => `${index + 1}/13/2026,X,,1,,1`);
    const messages = errors(readStatementCsv(csv(HEADING, ...rows)));
    expect(messages).toHaveLength(101);
    expect(messages[0]).toBe('Line 2: “1/13/2026” is not a real day.');
    expect(messages[100]).toBe(
      '… and 30 more problems. Correct these first and import the file again.',
    );
  });
});

describe('a statement as a stream', () => {
  it('reads letters beyond ASCII split across the stream’s chunks', async () => {
    const text = csv(
      HEADING,
      '02/11/2026,CHQ DEP MAISON BLANCHE CAFÉ – RÉSERVATION ‘NYERI’,004871,"9,500",,"9,500"',
    );
    const bytes = Buffer.from(text);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, index) =>
      bytes.subarray(index * 7, index * 7 + 7),
    );
    const read = lines(await readStatementStream(Readable.from(chunks)));
    expect(read.lines[0]!.description).toBe('CHQ DEP MAISON BLANCHE CAFÉ – RÉSERVATION ‘NYERI’');
  });
});

describe('a long statement', () => {
  /** 5,000 lines of a busy month, with quoted thousands, as a bank writes them. */
  function longStatement(): string {
    const rows = [HEADING];
    let balance = 1_000_000;
    for (let index = 0; index < 5_000; index += 1) {
      const amount = 1_000 + ((index * 7_919) % 250_000);
      const moneyIn = index % 3 !== 0;
      balance += moneyIn ? amount : -amount;
      const day = String(1 + Math.floor(index / 170)).padStart(2, '0');
      const cells = [
        `${day}/11/2026`,
        `"MPESA C2B QK${String(index).padStart(8, '0')} WANJIRU NYAMBURA MUTHONI-KARIUKI, CASE ${index}"`,
        `QK${String(index).padStart(8, '0')}`,
        moneyIn ? `"${groupThousands(amount)}.00"` : '',
        moneyIn ? '' : `"${groupThousands(amount)}.00"`,
        `"${groupThousands(balance)}.00"`,
      ];
      rows.push(cells.join(','));
    }
    return csv(...rows);
  }

  it('refuses a file of more lines than a month has', () => {
    const row = '02/11/2026,MPESA C2B,,"1,000",,"1,000"\r\n';
    const text = `${HEADING}\r\n${row.repeat(1_001)}`;
    expect(errors(readStatementCsv(text, { maxLines: 1_000 }))).toEqual([
      'The statement has more than 1,000 lines. Export one month at a time and import each.',
    ]);
  });

  // How long it takes is measured by `npm run bench:api`, not asserted here (shared machines).
  it('reads 5,000 lines alike as a stream or from memory', async () => {
    const text = longStatement();
    const chunks = text.match(/[\s\S]{1,4096}/g)!.map((chunk) => Buffer.from(chunk));
    const streamed = lines(await readStatementStream(Readable.from(chunks)));
    expect(streamed.lines).toHaveLength(5_000);
    const fromMemory = lines(readStatementCsv(text));
    expect(fromMemory).toEqual(streamed);
  });
});
