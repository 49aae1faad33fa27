import { MPESA_TEXTS, type ClientLedger, type MpesaDeposit } from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/msw';
import { aClient } from '../../../testing/people';
import { renderWithApp } from '../../../testing/render';
import { MyClientMoney } from './my-client-money';

const client = aClient({ phone: '+254712345678' });
const DEPOSIT_ID = '77777777-7777-4777-8777-777777777777';
const CASE_ID = '88888888-8888-4888-8888-888888888888';

const ledger = (over: Partial<ClientLedger> = {}): ClientLedger => ({
  clientId: client.id,
  clientName: 'Amani Otieno',
  balanceKsh: 0,
  cases: [],
  entries: [],
  broughtForwardKsh: 0,
  nextBefore: null,
  mpesaDeposits: true,
  ...over,
});

const deposit = (over: Partial<MpesaDeposit> = {}): MpesaDeposit => ({
  id: DEPOSIT_ID,
  status: 'pending',
  amountKsh: 25_000,
  caseId: CASE_ID,
  receiptNumber: null,
  entryId: null,
  mpesa: { phone: '+254722000911', receiptNumber: null, resultCode: null, failureText: null },
  createdAt: '2026-12-07T09:00:00.000Z',
  ...over,
});

/**
 * The API as the screen meets it: the ledger (asked again once the deposit settles), the
 * client's cases, the push, and the deposit followed through `states` in turn.
 */
function api(states: MpesaDeposit[], first = ledger()) {
  let followed = 0;
  let ledgers = 0;
  const calls = answerApi((method, path) => {
    if (method === 'GET' && path === `/client-money/ledgers/${client.id}?limit=100`) {
      ledgers += 1;
      return [200, first];
    }
    if (method === 'GET' && path.startsWith('/cases?')) {
      return [
        200,
        {
          cases: [
            { id: CASE_ID, caseNumber: 'MA/2026/0142', title: 'Otieno v Nairobi City County' },
          ],
        },
      ];
    }
    if (method === 'POST' && path === '/payments/mpesa') {
      return [
        202,
        {
          id: DEPOSIT_ID,
          status: 'pending',
          checkoutRequestId: 'ws_CO_071220260900000001',
          message: MPESA_TEXTS.checkPhone,
        },
      ];
    }
    if (method === 'GET' && path === `/client-money/mpesa-deposits/${DEPOSIT_ID}`) {
      const state = states[Math.min(followed, states.length - 1)]!;
      followed += 1;
      return [200, state];
    }
    return undefined;
  });
  return { calls, ledgersAsked: () => ledgers };
}

async function openDialog() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithApp(<MyClientMoney client={client} />);
  await user.click(await screen.findByRole('button', { name: 'Pay a deposit' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Pay a deposit by M-Pesa' }));
  return { user, dialog };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Pay a deposit by M-Pesa on the client’s Client money screen', () => {
  it('is not offered while the firm takes no M-Pesa deposits', async () => {
    api([], ledger({ mpesaDeposits: false }));
    renderWithApp(<MyClientMoney client={client} />);
    expect(await screen.findByText('The firm holds no money for you.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay a deposit' })).toBeNull();
  });

  it('asks the amount, takes the phone in any Kenyan spelling and a case, then follows it to the receipt', async () => {
    const { calls, ledgersAsked } = api([
      deposit(),
      deposit({ status: 'succeeded', receiptNumber: 'CR/2026/0008', entryId: 'e8' }),
    ]);
    const { user, dialog } = await openDialog();
    expect(dialog.getByLabelText(/M-Pesa phone number/)).toHaveValue('+254 712 345 678');
    const amount = dialog.getByLabelText(/Amount \(KSh\)/);
    expect(amount).toHaveValue(null);

    // Nothing to pay yet: said on the field, nothing sent.
    await user.click(dialog.getByRole('button', { name: 'Pay' }));
    expect(await dialog.findByText('Enter the amount in whole shillings')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    const phone = dialog.getByLabelText(/M-Pesa phone number/);
    await user.clear(phone);
    await user.type(phone, '0722 000 911');
    await user.type(amount, '25000');
    await user.selectOptions(
      await dialog.findByLabelText(/Case \(optional\)/),
      'MA/2026/0142: Otieno v Nairobi City County',
    );
    await user.click(dialog.getByRole('button', { name: 'Pay KSh 25,000' }));

    expect(await dialog.findByText(MPESA_TEXTS.checkPhone)).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      purpose: 'deposit',
      clientId: client.id,
      phone: '+254722000911',
      amountKsh: 25_000,
      caseId: CASE_ID,
    });
    expect(dialog.getByText('M-Pesa is asking +254 722 000 911 to pay KSh 25,000.')).toBeVisible();
    const before = ledgersAsked();

    // Followed every 3 s until M-Pesa confirms it: the receipt, and the ledger asked again.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(
      await dialog.findByText('KSh 25,000 received and held for you. Your receipt is CR/2026/0008'),
    ).toBeVisible();
    await vi.waitFor(() => expect(ledgersAsked()).toBeGreaterThan(before));
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says in plain words when the payer cancels, and offers to try again', async () => {
    api([
      deposit({
        status: 'failed',
        mpesa: {
          phone: '+254712345678',
          receiptNumber: null,
          resultCode: 1032,
          failureText: MPESA_TEXTS.cancelled,
        },
      }),
    ]);
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText(/Amount \(KSh\)/), '5000');
    await user.click(dialog.getByRole('button', { name: 'Pay KSh 5,000' }));
    expect(await dialog.findByText(MPESA_TEXTS.cancelled)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: MPESA_TEXTS.tryAgain }));
    expect(dialog.getByLabelText(/M-Pesa phone number/)).toHaveFocus();
  });
});
