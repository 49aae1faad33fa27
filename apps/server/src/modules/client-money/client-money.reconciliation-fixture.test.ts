import { readFileSync } from 'node:fs';
import type { Reconciliation, StatementImported } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { seedUser } from '../../../test/accounts';
import type { UserRow } from '../../db/schema';
import {
  advocateToken,
  call,
  ctx,
  issuedFeeNote,
  newClientAccount,
  officeAccount,
  record,
  recorded,
  uploadStatement,
  useClientMoneyTestContext,
} from './client-money-test-kit';
import {
  buildFixture,
  FIXTURE_CLIENTS,
  FIXTURE_MONTH,
  LEDGER_OPENINGS_KSH,
  STATEMENT_OPENING_KSH,
  type FixtureClient,
} from './statements/fixtures/november-2026';

/**
 * The November 2026 fixture statement (200 lines, docs/client-money-statements.md#the-fixture)
 * reconciled through the API as the firm's accountant would: the account opened with what each
 * client held brought forward, the month's entries recorded, the statement imported and matched,
 * the bank charges and the unknown deposit recorded from their lines, the three figures agreeing
 * to the shilling, and the month locked.
 */
useClientMoneyTestContext();

const FILE = new URL('./statements/fixtures/client-account-2026-11.csv', import.meta.url);
/** The account opens on the day of October's last cheque, with the statement's balance then. */
const OPENING_DATE = '2026-10-28';

const titleCase = (word: string) =>
  word
    .toLowerCase()
    .replace(
      /(^|[-\s])([a-z])/g,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );

describe('the November 2026 fixture statement, through the API', () => {
  // A month of the firm's account is some 200 entries through HTTP: longer than the usual 20 s.
  it('is reconciled to the shilling and locked', async () => {
    const people = new Map<string, UserRow>();
    for (const [key, name] of [
      ...Object.entries(FIXTURE_CLIENTS),
      ['unidentified-receipts', 'UNIDENTIFIED RECEIPTS'],
    ] as const) {
      const [first, ...rest] = name.split(' ');
      people.set(
        key,
        await seedUser(ctx, {
          role: 'client',
          email: `${key}@november-fixture.test`,
          firstName: titleCase(first!),
          lastName: titleCase(rest.join(' ')),
        }),
      );
    }
    const who = (key: string) => people.get(key)!.id;
    const account = await newClientAccount(OPENING_DATE, STATEMENT_OPENING_KSH);
    const { entries } = buildFixture();

    // Brought forward: what each client held at the end of October, before October's own
    // entries after the opening day (cheque 004498 written on the 28th, M-Pesa of the 31st).
    const broughtForward: Record<FixtureClient, number> = {
      ...LEDGER_OPENINGS_KSH,
      njeri: LEDGER_OPENINGS_KSH.njeri + 120_000,
      mohamed: LEDGER_OPENINGS_KSH.mohamed - 48_500,
    };
    expect(Object.values(broughtForward).reduce((a, b) => a + b, 0)).toBe(STATEMENT_OPENING_KSH);
    for (const [client, amountKsh] of Object.entries(broughtForward)) {
      await recorded({
        kind: 'receipt',
        date: OPENING_DATE,
        clientId: who(client),
        accountId: account.id,
        amountKsh,
        reference: 'Brought forward',
        narrative: 'Held for the client when the client account was opened',
      });
    }

    // The month's entries, in the story's order.
    const feeNote = await issuedFeeNote(people.get('otieno')!, 150_000);
    const received = new Map<string, string>();
    for (const entry of entries) {
      const base = {
        date: entry.date,
        clientId: who(entry.clientId),
        accountId: account.id,
        amountKsh: Math.abs(entry.amountKsh),
        reference: entry.reference,
        narrative: entry.narrative,
      };
      const body = entry.narrative.startsWith('Reversal')
        ? {
            kind: 'reversal',
            date: entry.date,
            reversesId: received.get(entry.reference),
            reason: 'Cheque 004512 returned unpaid',
          }
        : entry.reference === 'FN/2026/0417'
          ? {
              ...base,
              kind: 'transfer_to_office',
              officeAccountId: officeAccount.id,
              feeNoteId: feeNote.id,
            }
          : { ...base, kind: entry.amountKsh > 0 ? 'receipt' : 'payment' };
      const done = await recorded(body);
      if (done.kind === 'receipt') received.set(done.reference, done.id);
    }

    const imported = await uploadStatement(
      advocateToken,
      account.id,
      readFileSync(FILE),
      'client-account-2026-11.csv',
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const statement = (imported.json() as StatementImported).statement;
    expect(statement).toMatchObject({
      lineCount: 200,
      matchedCount: 191,
      openingBalanceKsh: STATEMENT_OPENING_KSH,
      closingBalanceKsh: 22_250_830,
    });
    expect(statement.unmatchedLines.map((line) => line.description)).toEqual([
      'RTGS CHARGES FT26310PQ7M1',
      'EXCISE DUTY ON CHARGES FT26310PQ7M1',
      'RETURNED CHEQUE CHARGE 004512',
      'EXCISE DUTY ON CHARGES 004512',
      'RTGS CHARGES FT26327ZT4C8',
      'EXCISE DUTY ON CHARGES FT26327ZT4C8',
      'RTGS CHARGES FT26330LM2N6',
      'EXCISE DUTY ON CHARGES FT26330LM2N6',
      'MPESA C2B SKU9ZB7Q2M 2547****318',
    ]);
    const url = `/api/client-money/reconciliations?accountId=${account.id}&month=${FIXTURE_MONTH}`;
    const before = (await call(advocateToken, 'GET', url)).json() as Reconciliation;
    expect(before).toMatchObject({
      reconciled: false,
      lines: { matched: 191, unmatched: 9 },
      differences: [
        'The adjusted statement balance is KSh 20,150 more than the cash book.',
        '9 statement lines are not in the cash book (KSh 20,150 in): record them in the cash book, or match them by hand.',
      ],
    });

    // Each charge against the client whose transaction it was charged on; the unknown deposit to
    // the unidentified receipts ledger.
    const clientOf = new Map(entries.map((entry) => [entry.reference, entry.clientId]));
    for (const line of statement.unmatchedLines) {
      const answer = await call(
        advocateToken,
        'POST',
        `/api/client-money/statements/lines/${line.id}/entry`,
        { clientId: who(clientOf.get(line.reference) ?? 'unidentified-receipts') },
      );
      expect(answer.statusCode, answer.body).toBe(201);
    }

    const after = (await call(advocateToken, 'GET', url)).json() as Reconciliation;
    expect(after).toMatchObject({
      month: FIXTURE_MONTH,
      statement: {
        fileNames: ['client-account-2026-11.csv'],
        closingBalanceKsh: 22_250_830,
        depositsInTransitKsh: 350_000,
        unpresentedPaymentsKsh: 18_450,
        adjustedBalanceKsh: 22_582_380,
      },
      cashBookBalanceKsh: 22_582_380,
      clientLedgersTotalKsh: 22_582_380,
      reconciled: true,
      differences: [],
      lines: { matched: 200, unmatched: 0 },
      lock: null,
    });
    expect(after.unclearedEntries.map((entry) => [entry.reference, entry.amountKsh])).toEqual([
      ['004519', -18_450],
      ['BC 771204', 350_000],
    ]);

    const locked = await call(
      advocateToken,
      'POST',
      `/api/client-money/reconciliations/${account.id}/${FIXTURE_MONTH}/lock`,
    );
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().reconciliation.lock).not.toBeNull();
    const late = await record({
      kind: 'payment',
      date: '2026-11-30',
      clientId: who('njeri'),
      accountId: account.id,
      amountKsh: 500,
      reference: 'RTGS CHARGES',
      narrative: 'A charge found after the month was locked',
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().code).toBe('CLIENT_MONEY_MONTH_LOCKED');

    const pdf = await call(
      advocateToken,
      'GET',
      `/api/client-money/reconciliations/${account.id}/${FIXTURE_MONTH}/pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 90_000);
});
