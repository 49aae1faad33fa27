import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { ClientMoneyWarnings } from './client-money-warnings';

describe('ClientMoneyWarnings', () => {
  it('names each month not reconciled with its due day, the lines left unmatched, and the idle money with its report', () => {
    renderWithApp(
      <ClientMoneyWarnings
        warnings={{
          unreconciled: [
            { accountId: 'a1', accountName: 'KCB Client Account, Moi Avenue', month: '2026-10' },
            { accountId: 'a2', accountName: 'M-Pesa Client Paybill 522533', month: '2025-12' },
          ],
          idle: { count: 3, heldKsh: 1_586_500 },
          unmatchedLines: [
            {
              accountId: 'a1',
              accountName: 'KCB Client Account, Moi Avenue',
              count: 4,
              oldestDate: '2026-11-03',
            },
          ],
        }}
      />,
      { path: '/dashboard' },
    );
    const panel = screen.getByRole('region', { name: 'Client money' });
    const lines = within(panel)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'KCB Client Account, Moi Avenue: Oct 2026 is not reconciled (due by Sun 15 Nov 2026)',
      'M-Pesa Client Paybill 522533: Dec 2025 is not reconciled (due by Thu 15 Jan 2026)',
      'KCB Client Account, Moi Avenue: 4 statement lines unmatched for over 7 days (the oldest of Tue 3 Nov 2026)',
      '3 balances of client money (KSh 1,586,500) with no movement for over 12 months See the Client money report',
    ]);
    expect(
      within(panel).getByRole('link', { name: 'See the Client money report' }),
    ).toHaveAttribute('href', '/reports?report=client-money');
  });

  it('says all is clear when nothing is overdue, unmatched or idle', () => {
    renderWithApp(
      <ClientMoneyWarnings
        warnings={{ unreconciled: [], idle: { count: 0, heldKsh: 0 }, unmatchedLines: [] }}
      />,
      {
        path: '/dashboard',
      },
    );
    expect(
      screen.getByText(
        'Every month is reconciled, every statement line matched, and no client money is idle over 12 months',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
