import { CLIENT_MONEY_SCREEN_TEXTS as T } from '@firm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aLedgerEntry } from '../../../testing/client-money';
import { captureDownloads } from '../../../testing/downloads';
import { aClient } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { MyClientMoney } from './my-client-money';

const client = aClient();

describe('a client’s Client money', () => {
  it('says so when the firm holds nothing and nothing has moved', async () => {
    mockApi({
      [`GET /client-money/ledgers/${client.id}?limit=100`]: [
        200,
        {
          clientId: client.id,
          clientName: 'Amani Otieno',
          balanceKsh: 0,
          cases: [],
          entries: [],
          broughtForwardKsh: 0,
          nextBefore: null,
          mpesaDeposits: false,
        },
      ],
    });
    renderWithApp(<MyClientMoney client={client} />);
    expect(await screen.findByText(T.nothingHeld)).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says how to pay money on account at the firm’s paybill, with the client’s own reference', async () => {
    mockApi({
      [`GET /client-money/ledgers/${client.id}`]: [200, LEDGER],
      'GET /profile': [200, { user: client, pendingEmail: null, paymentReference: 'MW0034' }],
      'GET /dashboard/stats': [
        200,
        {
          role: 'client',
          client: {
            payment: { mpesaKind: 'paybill', mpesaNumber: '174379', mpesaInstructions: '' },
          },
        },
      ],
    });
    renderWithApp(<MyClientMoney client={client} />);
    expect(await screen.findByText('Pay Bill 174379, account MW0034')).toBeVisible();
  });

  it('shows what is held per case and every movement, with downloads and no Record action', async () => {
    mockApi({ [`GET /client-money/ledgers/${client.id}?limit=100`]: [200, LEDGER] });
    renderWithApp(<MyClientMoney client={client} />);
    expect(await screen.findByText('MA/2026/0142: Otieno v Nairobi City County')).toBeVisible();
    expect(screen.getByText(T.heldForYou).parentElement).toHaveTextContent('KSh 233,500');
    expect(screen.getByText('Money received CR/2026/0007')).toBeVisible();
    expect(
      screen
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual([T.downloadStatement, T.downloadReceiptFor('CR/2026/0007')]);
  });

  it('downloads the statement and a receipt as PDFs, and says so when one cannot come', async () => {
    const { saved, restore } = captureDownloads();
    try {
      const calls = mockApi({
        [`GET /client-money/ledgers/${client.id}?limit=100`]: [200, LEDGER],
        [`GET /client-money/ledgers/${client.id}/pdf`]: [200, '%PDF-1.7'],
        'GET /client-money/entries/e1/receipt.pdf': [503, { message: 'The PDF service is busy' }],
      });
      renderWithApp(<MyClientMoney client={client} />);
      await userEvent.click(await screen.findByRole('button', { name: T.downloadStatement }));
      await waitFor(() =>
        expect(saved.map((file) => file.name)).toEqual(['client-money-statement.pdf']),
      );
      await userEvent.click(
        screen.getByRole('button', { name: T.downloadReceiptFor('CR/2026/0007') }),
      );
      expect(await screen.findByText('The PDF service is busy')).toBeInTheDocument();
      expect(saved).toHaveLength(1);
      expect(calls.map((call) => call.url)).toContain('/api/client-money/entries/e1/receipt.pdf');
    } finally {
      restore();
    }
  });
});

const LEDGER = {
  clientId: client.id,
  clientName: 'Amani Otieno',
  balanceKsh: 233_500,
  cases: [
    {
      caseId: 'c1',
      caseNumber: 'MA/2026/0142',
      caseTitle: 'Otieno v Nairobi City County',
      balanceKsh: 233_500,
    },
  ],
  entries: [aLedgerEntry({ id: 'e1', clientId: client.id })],
  broughtForwardKsh: 0,
  nextBefore: null,
  mpesaDeposits: false,
};
