import { CLIENT_MONEY_MESSAGES as M, CLIENT_MONEY_SCREEN_TEXTS as T } from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { ClientMoneyAccountsPanel } from './client-money-accounts-panel';

const KCB = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'KCB client account (Moi Avenue)',
  kind: 'client',
  institution: 'Kenya Commercial Bank',
  number: '1180 2245 6671',
  openingBalanceKsh: 4_860_250,
  openingDate: '2026-10-31',
  createdAt: '2026-10-31T20:59:00.000Z',
};

describe('System Settings › Bank and M-Pesa accounts', () => {
  it('lists the accounts, then adds one, with the server’s field messages under the fields', async () => {
    const accounts: unknown[] = [KCB];
    let answer: [number, unknown] = [
      400,
      { message: 'Check the account', errors: { number: M.accountNumberTaken } },
    ];
    const calls = answerApi((method, path) => {
      if (path !== '/client-money/accounts') return undefined;
      if (method === 'GET') return [200, { accounts }];
      return answer;
    });
    const user = userEvent.setup();
    renderWithApp(<ClientMoneyAccountsPanel />);
    expect(await screen.findByText('KCB client account (Moi Avenue)')).toBeVisible();
    expect(screen.getByText('KSh 4,860,250 · Sat 31 Oct 2026')).toBeVisible();

    await user.click(screen.getByRole('button', { name: T.addAccount }));
    const dialog = within(screen.getByRole('dialog', { name: T.addAccountTitle }));
    await user.click(dialog.getByRole('button', { name: T.addAccount }));
    expect(await dialog.findByText(M.accountNameRequired)).toBeVisible();
    expect(dialog.getByText(M.accountKindRequired)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(
      dialog.getByLabelText(T.accountName, { exact: false }),
      'Equity office account',
    );
    await user.selectOptions(dialog.getByLabelText(T.accountKind, { exact: false }), 'office');
    await user.type(dialog.getByLabelText(T.institution, { exact: false }), 'Equity Bank');
    await user.type(dialog.getByLabelText(T.accountNumber, { exact: false }), '1180 2245 6671');
    await user.clear(dialog.getByLabelText(T.openingBalance, { exact: false }));
    await user.type(dialog.getByLabelText(T.openingBalance, { exact: false }), '1250000');
    await user.click(dialog.getByRole('button', { name: T.addAccount }));
    expect(await dialog.findByText(M.accountNumberTaken)).toBeVisible();

    const added = {
      ...KCB,
      id: '44444444-4444-4444-8444-444444444444',
      kind: 'office',
      name: 'Equity office account',
    };
    answer = [201, { success: true, message: M.accountCreated, account: added }];
    accounts.push(added);
    await user.click(dialog.getByRole('button', { name: T.addAccount }));
    expect(await screen.findByText('Equity office account')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').at(-1)!.body).toMatchObject({
      name: 'Equity office account',
      kind: 'office',
      openingBalanceKsh: 1_250_000,
    });
  });
});
