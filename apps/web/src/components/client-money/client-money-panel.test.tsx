import {
  CLIENT_LEDGER_PAGE_TEXTS as LP,
  CLIENT_MONEY_MESSAGES as M,
  CLIENT_MONEY_SCREEN_TEXTS as T,
  type ClientLedger,
  type MoneyAccount,
} from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aLedgerEntry, type LedgerEntry } from '../../testing/client-money';
import { aClient, anAdmin, anAdvocate } from '../../testing/people';
import { answerApi } from '../../testing/msw';
import { renderWithApp, type FetchCall } from '../../testing/render';
import { ClientMoneyPanel } from './client-money-panel';

const CLIENT_ID = '00000000-0000-4000-8000-000000000003';
const CASE_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_CASE_ID = '22222222-2222-4222-8222-222222222222';
const CLIENT_ACCOUNT_ID = '33333333-3333-4333-8333-333333333333';
const OFFICE_ACCOUNT_ID = '44444444-4444-4444-8444-444444444444';
const FEE_NOTE_ID = '55555555-5555-4555-8555-555555555555';
const NAME = 'Wanjiku Nyambura Kamau-Odhiambo wa Kirinyaga';

const account = (kind: 'client' | 'office', id: string, name: string): MoneyAccount => ({
  id,
  name,
  kind,
  institution: 'Kenya Commercial Bank, Moi Avenue',
  number: kind === 'client' ? '1180 2245 6671' : '1180 2245 0090',
  openingBalanceKsh: 0,
  openingDate: '2026-10-31',
  createdAt: '2026-10-31T20:59:00.000Z',
});

const entry = (over: Partial<LedgerEntry>) =>
  aLedgerEntry({
    clientId: CLIENT_ID,
    caseId: CASE_ID,
    accountId: CLIENT_ACCOUNT_ID,
    amountKsh: 1_250_000,
    ledgerEffectKsh: 1_250_000,
    narrative: 'Deposit towards the transfer of LR No. 209/11452 Kilimani',
    runningBalanceKsh: 1_250_000,
    ...over,
  });

const ledger: ClientLedger = {
  clientId: CLIENT_ID,
  clientName: NAME,
  mpesaDeposits: false,
  broughtForwardKsh: 0,
  nextBefore: null,
  balanceKsh: 1_183_500,
  cases: [
    {
      caseId: CASE_ID,
      caseNumber: 'MA/2026/0142',
      caseTitle: 'Kamau v Kenya Power',
      balanceKsh: 1_153_500,
    },
    {
      caseId: OTHER_CASE_ID,
      caseNumber: 'MA/2026/0150',
      caseTitle: 'Succession of Odhiambo',
      balanceKsh: 30_000,
    },
  ],
  entries: [
    entry({}),
    entry({
      id: '66666666-6666-4666-8666-666666666662',
      kind: 'payment',
      receiptNumber: null,
      amountKsh: 16_500,
      ledgerEffectKsh: -16_500,
      reference: 'CHQ 004512',
      narrative: 'Court filing fees, Milimani Law Courts',
      runningBalanceKsh: 1_233_500,
    }),
    entry({
      id: '66666666-6666-4666-8666-666666666663',
      kind: 'transfer_to_office',
      receiptNumber: null,
      amountKsh: 80_000,
      ledgerEffectKsh: -80_000,
      reference: 'TRF-0091',
      narrative: 'Settles fee note FN/2026/0031',
      feeNoteId: FEE_NOTE_ID,
      feeNoteNumber: 'FN/2026/0031',
      runningBalanceKsh: 1_153_500,
    }),
    entry({
      id: '66666666-6666-4666-8666-666666666664',
      caseId: OTHER_CASE_ID,
      caseNumber: 'MA/2026/0150',
      receiptNumber: 'CR/2026/0008',
      amountKsh: 30_000,
      ledgerEffectKsh: 30_000,
      reference: 'RKB81ZQ2LM',
      runningBalanceKsh: 1_183_500,
    }),
  ],
};

const onCase: ClientLedger = {
  ...ledger,
  entries: ledger.entries
    .filter((each) => each.caseId === CASE_ID)
    .map((each, i) => ({ ...each, runningBalanceKsh: [1_250_000, 1_233_500, 1_153_500][i]! })),
};

/** The API as the panel and its dialogs ask it; `record` answers POST /client-money/entries. */
function api(record: () => [number, unknown] = () => [201, { success: true }]): FetchCall[] {
  return answerApi((method, path) => {
    if (method === 'GET' && path === `/client-money/ledgers/${CLIENT_ID}?limit=100`) {
      return [200, ledger];
    }
    // A case page asks for that case's entries; the server counts their running balance.
    if (
      method === 'GET' &&
      path === `/client-money/ledgers/${CLIENT_ID}?limit=100&caseId=${CASE_ID}`
    ) {
      return [200, onCase];
    }
    if (method === 'GET' && path === '/client-money/accounts') {
      return [
        200,
        {
          accounts: [
            account('client', CLIENT_ACCOUNT_ID, 'KCB client account'),
            account('office', OFFICE_ACCOUNT_ID, 'KCB office account'),
          ],
        },
      ];
    }
    if (method === 'GET' && path.startsWith('/cases?')) {
      return [200, { success: true, count: 0, total: 0, cases: [], pagination: {} }];
    }
    if (method === 'GET' && path.startsWith('/fee-notes?')) {
      return [
        200,
        {
          feeNotes: [
            {
              id: FEE_NOTE_ID,
              number: 'FN/2026/0044',
              status: 'issued',
              isOverdue: false,
              client: { id: CLIENT_ID, name: NAME, email: 'wanjiku@example.test' },
              case: null,
              issuedAt: '2026-11-28T09:00:00.000Z',
              dueDate: '2026-12-12',
              totalKsh: 116_000,
              balanceKsh: 116_000,
              createdAt: '2026-11-28T09:00:00.000Z',
            },
          ],
        },
      ];
    }
    if (method === 'POST' && path === '/client-money/entries') return record();
    return undefined;
  });
}

const posts = (calls: FetchCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/client-money/entries');

function show(actor = anAdvocate(), caseId?: string) {
  renderWithApp(
    <ClientMoneyPanel clientId={CLIENT_ID} clientName={NAME} caseId={caseId} actor={actor} />,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the Client money panel', () => {
  it('shows what is held, per case, and every movement with its running balance', async () => {
    api();
    show();
    expect(await screen.findByText('MA/2026/0150: Succession of Odhiambo')).toBeVisible();
    expect(screen.getByText(T.heldTotal).parentElement).toHaveTextContent('KSh 1,183,500');
    const rows = screen.getAllByRole('row').slice(1);
    // Newest first: the Succession deposit, then the transfer, the payment, the first deposit.
    expect(within(rows[0]!).getByText('KSh 1,183,500')).toBeVisible();
    expect(within(rows[2]!).getByText('−KSh 16,500')).toBeVisible();
    expect(within(rows[2]!).getByText('KSh 1,233,500')).toBeVisible();
    expect(within(rows[3]!).getByText('30 Nov 2026', { exact: false })).toBeVisible();
  });

  it('on a case page asks for that case’s movements and shows what the case holds', async () => {
    const calls = api();
    show(anAdvocate(), CASE_ID);
    expect(await screen.findByText(T.heldOnCase)).toBeVisible();
    expect(screen.getAllByText('KSh 1,153,500').length).toBeGreaterThan(0);
    expect(screen.queryByText('RKB81ZQ2LM')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(calls.map((call) => call.url)).toContain(
      `/api/client-money/ledgers/${CLIENT_ID}?limit=100&caseId=${CASE_ID}`,
    );
  });

  it('shows the newest movements, what earlier ones bring forward, and loads them on asking', async () => {
    const newest: ClientLedger = {
      ...ledger,
      entries: ledger.entries.slice(2),
      broughtForwardKsh: 1_233_500,
      nextBefore: ledger.entries[2]!.id,
    };
    const earlier: ClientLedger = { ...ledger, entries: ledger.entries.slice(0, 2) };
    let fail = true;
    const calls = answerApi((method, path) => {
      if (path === `/client-money/ledgers/${CLIENT_ID}?limit=100`) return [200, newest];
      if (path === `/client-money/ledgers/${CLIENT_ID}?limit=100&before=${newest.nextBefore}`) {
        if (fail) {
          fail = false;
          // A 4xx is not asked again by itself: the person presses the button again.
          return [400, { message: LP.cursorInvalid, errors: { before: LP.cursorInvalid } }];
        }
        return [200, earlier];
      }
      return undefined;
    });
    show();
    expect(await screen.findByText(LP.broughtForward('KSh 1,233,500'))).toBeVisible();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    const more = screen.getByRole('button', { name: LP.showEarlier });
    await userEvent.click(more);
    expect(await screen.findByRole('alert')).toHaveTextContent(LP.earlierFailed);
    await userEvent.click(screen.getByRole('button', { name: LP.showEarlier }));
    await vi.waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(5));
    // Oldest last, each row with its own running balance; nothing earlier remains.
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[3]!).getAllByText('KSh 1,250,000')).toHaveLength(2);
    expect(within(rows[2]!).getByText('KSh 1,233,500')).toBeVisible();
    expect(screen.queryByRole('button', { name: LP.showEarlier })).toBeNull();
    expect(screen.queryByText(/Brought forward/)).toBeNull();
    expect(calls.filter((call) => call.url.includes('before='))).toHaveLength(2);
  });

  it('offers an advocate every Record action, and Reverse on what may be reversed', async () => {
    api();
    show();
    await screen.findByText('MA/2026/0150: Succession of Odhiambo');
    for (const label of [T.recordReceipt, T.recordPayment, T.recordRefund, T.recordTransfer]) {
      expect(screen.getByRole('button', { name: label })).toBeVisible();
    }
    // Three receipts and payments; the transfer settled a fee note and is not reversed.
    expect(screen.getAllByRole('button', { name: /^Reverse: / })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Reverse: Transferred to office/ })).toBeNull();
  });

  it('offers an admin who manages cases receipts, payments and refunds only', async () => {
    api();
    show(anAdmin({ canManageCases: true }));
    await screen.findByText('MA/2026/0150: Succession of Odhiambo');
    expect(screen.getByRole('button', { name: T.recordReceipt })).toBeVisible();
    expect(screen.getByRole('button', { name: T.recordRefund })).toBeVisible();
    expect(screen.queryByRole('button', { name: T.recordTransfer })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reverse/ })).toBeNull();
  });

  it('offers a client nothing to record or reverse, only the PDFs', async () => {
    api();
    show(aClient());
    await screen.findByText('MA/2026/0150: Succession of Odhiambo');
    const offered = screen.getAllByRole('button').map((button) => button.textContent);
    expect(offered.length).toBeGreaterThan(0);
    for (const label of offered) expect(label).toMatch(/\(PDF\)$/);
  });

  it('puts the server’s field messages under the fields and says a 409 in words', async () => {
    const held = M.insufficient('KSh 1,153,500', M.onTheCase('MA/2026/0142'));
    let answer: [number, unknown] = [
      400,
      {
        message: 'Check the entry',
        errors: { reference: M.referenceRequired, amountKsh: M.amountInvalid(1_000_000_000) },
      },
    ];
    const calls = api(() => answer);
    const user = userEvent.setup();
    show(anAdvocate(), CASE_ID);
    await user.click(await screen.findByRole('button', { name: T.recordPayment }));
    const dialog = within(screen.getByRole('dialog', { name: T.dialogTitles.payment }));
    await user.type(dialog.getByLabelText(T.amountLabel, { exact: false }), '2000000');
    await user.type(dialog.getByLabelText(T.referenceLabel, { exact: false }), 'CHQ 004513');
    await user.type(dialog.getByLabelText(T.narrativeLabel, { exact: false }), 'Stamp duty');
    await user.click(dialog.getByRole('button', { name: T.record }));
    expect(await dialog.findByText(M.referenceRequired)).toBeVisible();
    expect(dialog.getByLabelText(T.referenceLabel, { exact: false })).toHaveAccessibleDescription(
      expect.stringContaining(M.referenceRequired),
    );
    expect(posts(calls)[0]!.body).toMatchObject({
      kind: 'payment',
      caseId: CASE_ID,
      accountId: CLIENT_ACCOUNT_ID,
      amountKsh: 2_000_000,
    });

    answer = [409, { message: held, code: 'CONFLICT' }];
    await user.click(dialog.getByRole('button', { name: T.record }));
    expect(await dialog.findByText(held)).toBeVisible();
  });

  it('asks before a transfer, and sends nothing when the advocate says no', async () => {
    const calls = api(() => [409, { message: M.overFeeNoteBalance('KSh 116,000') }]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: T.recordTransfer }));
    const dialog = within(screen.getByRole('dialog', { name: T.dialogTitles.transfer_to_office }));
    await user.selectOptions(
      dialog.getByLabelText(T.feeNoteLabel, { exact: false }),
      await dialog.findByRole('option', { name: 'FN/2026/0044: KSh 116,000 to pay' }),
    );
    // The fee note's balance is offered as the amount.
    expect(dialog.getByLabelText(T.amountLabel, { exact: false })).toHaveValue(116_000);
    await user.type(dialog.getByLabelText(T.referenceLabel, { exact: false }), 'TRF-0092');
    await user.type(
      dialog.getByLabelText(T.narrativeLabel, { exact: false }),
      'Settles FN/2026/0044',
    );
    await user.click(dialog.getByRole('button', { name: T.transfer }));
    expect(confirm).toHaveBeenCalledWith(
      T.confirmTransfer('KSh 116,000', 'FN/2026/0044', 'KCB office account'),
    );
    expect(posts(calls)).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: T.transfer }));
    expect(await dialog.findByText(M.overFeeNoteBalance('KSh 116,000'))).toBeVisible();
    expect(posts(calls)[0]!.body).toMatchObject({
      kind: 'transfer_to_office',
      feeNoteId: FEE_NOTE_ID,
      officeAccountId: OFFICE_ACCOUNT_ID,
      amountKsh: 116_000,
    });
  });

  it('reverses with a reason, asked first, and shows the server’s refusal', async () => {
    const calls = api(() => [409, { message: M.alreadyReversed }]);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    show();
    await user.click(
      await screen.findByRole('button', { name: /Reverse: Paid out for the client/ }),
    );
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: T.reverse }));
    expect(await dialog.findByText(M.reasonRequired)).toBeVisible();
    expect(posts(calls)).toHaveLength(0);
    await user.type(
      dialog.getByLabelText(T.reasonLabel, { exact: false }),
      'Cheque 004512 bounced',
    );
    await user.click(dialog.getByRole('button', { name: T.reverse }));
    expect(await dialog.findByText(M.alreadyReversed)).toBeVisible();
    expect(posts(calls)[0]!.body).toMatchObject({
      kind: 'reversal',
      reversesId: '66666666-6666-4666-8666-666666666662',
      reason: 'Cheque 004512 bounced',
    });
  });
});
