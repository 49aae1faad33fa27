import { CLIENT_MONEY_MESSAGES as M, CLIENT_MONEY_SCREEN_TEXTS as T } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, http, HttpResponse, server } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { ClientMoneyReconciliationPanel } from './client-money-reconciliation-panel';

const KCB = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'KCB client account (Moi Avenue)',
  kind: 'client',
  institution: 'Kenya Commercial Bank',
  number: '1180 2245 6671',
  openingBalanceKsh: 0,
  openingDate: '2026-01-01',
  createdAt: '2026-01-01T06:00:00.000Z',
};
const LINE = {
  id: '55555555-5555-4555-8555-555555555555',
  lineNumber: 4,
  date: '2026-11-12',
  time: null,
  description: 'CLEARING CHEQUE PRESENTED',
  reference: '',
  amountKsh: -120_000,
  balanceKsh: 380_000,
  otherParty: null,
  entryId: null,
  matchedBy: null,
  matchReason: null,
};
const ENTRY = {
  id: '66666666-6666-4666-8666-666666666666',
  date: '2026-11-05',
  kind: 'payment',
  clientName: 'Kiprotich Chebet-Korir',
  amountKsh: -120_000,
  reference: 'Cheque to the Judiciary',
  narrative: 'Court fees, ELC 118 of 2026',
};
const OPEN = {
  accountId: KCB.id,
  accountName: KCB.name,
  month: '2026-11',
  monthEnd: '2026-11-30',
  statement: {
    fileNames: ['kcb-november.csv'],
    closingBalanceKsh: 380_000,
    depositsInTransitKsh: 0,
    unpresentedPaymentsKsh: 120_000,
    adjustedBalanceKsh: 260_000,
  },
  cashBookBalanceKsh: 380_000,
  clientLedgersTotalKsh: 380_000,
  reconciled: false,
  differences: [
    'The adjusted statement balance is KSh 120,000 less than the cash book.',
    '1 statement line is not in the cash book (KSh 120,000 out): record it in the cash book, or match it by hand.',
  ],
  lines: { matched: 1, unmatched: 1 },
  unmatchedLines: [LINE],
  unclearedEntries: [ENTRY],
  lock: null,
};
const AGREED = {
  ...OPEN,
  statement: { ...OPEN.statement, unpresentedPaymentsKsh: 0, adjustedBalanceKsh: 380_000 },
  reconciled: true,
  differences: [],
  lines: { matched: 2, unmatched: 0 },
  unmatchedLines: [],
  unclearedEntries: [],
};

afterEach(() => vi.restoreAllMocks());

describe('System Settings › Reconciliation', () => {
  it('shows the three figures and what is left, matches the line by hand, then locks the month', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-07T09:00:00+03:00'), toFake: ['Date'] });
    let view: unknown = OPEN;
    const calls = answerApi((method, path) => {
      if (path === '/client-money/accounts') return [200, { accounts: [KCB] }];
      if (path.startsWith('/client-money/reconciliations?')) return [200, view];
      if (method === 'POST' && path === `/client-money/statements/lines/${LINE.id}/match`) {
        view = AGREED;
        return [200, { success: true, message: M.lineMatched, line: { ...LINE } }];
      }
      if (method === 'POST' && path === `/client-money/reconciliations/${KCB.id}/2026-11/lock`) {
        view = {
          ...AGREED,
          lock: { lockedAt: '2026-12-07T06:15:00.000Z', lockedBy: 'Achieng Mwamba' },
        };
        return [
          200,
          { success: true, message: M.monthLockedNow('November 2026'), reconciliation: view },
        ];
      }
      return undefined;
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderWithApp(<ClientMoneyReconciliationPanel />);

    expect(await screen.findByText(`${T.figuresTitle}: November 2026`)).toBeVisible();
    expect(calls[1]!.url).toBe(
      `/api/client-money/reconciliations?accountId=${KCB.id}&month=2026-11`,
    );
    expect(screen.getByText(T.notReconciled)).toBeVisible();
    expect(screen.getByText(OPEN.differences[1]!)).toBeVisible();
    expect(screen.getByRole('button', { name: T.lockMonth })).toBeDisabled();
    const unmatched = screen.getByRole('table', { name: T.unmatchedTitle });
    expect(within(unmatched).getByText('CLEARING CHEQUE PRESENTED')).toBeVisible();
    expect(within(unmatched).getByText('KSh 120,000 out')).toBeVisible();

    await user.click(within(unmatched).getByRole('button', { name: T.matchLine }));
    const dialog = within(screen.getByRole('dialog', { name: T.matchTitle }));
    expect(dialog.getByLabelText(T.matchEntryLabel)).toHaveDisplayValue(
      'Thu 5 Nov 2026 · Kiprotich Chebet-Korir · Cheque to the Judiciary',
    );
    // The select cuts a long entry off: the chosen one is written out in full under it.
    expect(dialog.getByLabelText(T.matchEntryLabel)).toHaveAccessibleDescription(
      'Thu 5 Nov 2026 · Paid out for the client: Kiprotich Chebet-Korir, Court fees, ELC 118 of 2026 · Cheque to the Judiciary · KSh 120,000 out',
    );
    await user.click(dialog.getByRole('button', { name: T.matchLine }));
    expect(await screen.findByText(T.reconciled)).toBeVisible();
    expect(calls.find((call) => call.url.endsWith('/match'))!.body).toEqual({ entryId: ENTRY.id });
    expect(screen.getByText(T.noUnmatched)).toBeVisible();

    await user.click(screen.getByRole('button', { name: T.lockMonth }));
    expect(window.confirm).toHaveBeenCalledWith(T.confirmLock('November 2026', KCB.name));
    expect(await screen.findByText(/^Locked by Achieng Mwamba on/)).toBeVisible();
    expect(screen.queryByRole('button', { name: T.lockMonth })).toBeNull();
    vi.useRealTimers();
  });

  it('records a line of money out as a payment for the client found by name', async () => {
    const calls = answerApi((method, path) => {
      if (path === '/client-money/accounts') return [200, { accounts: [KCB] }];
      if (path.startsWith('/client-money/reconciliations?')) return [200, OPEN];
      if (path.startsWith('/clients?')) {
        return [
          200,
          {
            clients: [
              {
                id: '77777777-7777-4777-8777-777777777777',
                firstName: 'Wairimu Nyambura',
                lastName: 'Muthoni-Kariuki',
                email: 'wairimu.muthoni-kariuki@long-client-mailbox.example.co.ke',
              },
            ],
            total: 1,
          },
        ];
      }
      if (method === 'POST' && path === `/client-money/statements/lines/${LINE.id}/entry`) {
        return [201, { success: true, message: M.lineRecorded }];
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<ClientMoneyReconciliationPanel />);
    const unmatched = await screen.findByRole('table', { name: T.unmatchedTitle });

    await user.click(within(unmatched).getByRole('button', { name: T.recordLine }));
    const dialog = within(screen.getByRole('dialog', { name: 'Record the line as a payment out' }));
    await user.type(dialog.getByLabelText(T.findClient), 'Wairimu');
    const label =
      'Wairimu Nyambura Muthoni-Kariuki (wairimu.muthoni-kariuki@long-client-mailbox.example.co.ke)';
    await dialog.findByRole('option', { name: label });
    const select = dialog.getByLabelText(T.clientLabel);
    await user.selectOptions(select, label);
    // The select cuts a long email off: its full text is the select's title and is written
    // out under it, read with the select.
    expect(select).toHaveAttribute('title', label);
    expect(select).toHaveAccessibleDescription(label);
    expect(dialog.getByText(label, { selector: 'p' })).toBeVisible();
    await user.click(dialog.getByRole('button', { name: T.recordLine }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.url.endsWith('/entry'))!.body).toEqual({
      clientId: '77777777-7777-4777-8777-777777777777',
    });
  });

  it('imports a statement, listing each of its problems in the server’s words', async () => {
    answerApi((_method, path) => {
      if (path === '/client-money/accounts') return [200, { accounts: [KCB] }];
      if (path.startsWith('/client-money/reconciliations?'))
        return [200, { ...OPEN, statement: null }];
      return undefined;
    });
    let sent = '';
    server.use(
      http.post('/api/client-money/statements', async ({ request }) => {
        sent = await request.text();
        return HttpResponse.json(
          {
            message: M.statementUnreadable(2),
            errors: {
              'line.2': 'Line 2: “12,500.50” in Money in has cents.',
              'line.3': 'Line 3: “31/11/2026” is not a real day.',
            },
          },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<ClientMoneyReconciliationPanel />);
    expect(await screen.findAllByText(T.noStatementYet)).not.toHaveLength(0);

    await user.upload(
      screen.getByLabelText(T.statementFile),
      new File(['Date,Description\r\n'], 'kcb-november.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: T.importStatement }));
    expect(await screen.findByText(M.statementUnreadable(2))).toBeVisible();
    expect(screen.getByText('Line 3: “31/11/2026” is not a real day.')).toBeVisible();
    // The account before the file, so the server checks it before reading the file.
    const account = sent.indexOf(`name="accountId"\r\n\r\n${KCB.id}`);
    expect(account).toBeGreaterThan(-1);
    expect(sent.indexOf('name="file"')).toBeGreaterThan(account);
  });
});
