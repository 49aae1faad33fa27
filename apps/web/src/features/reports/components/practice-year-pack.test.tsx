import { CLIENT_MONEY_PACK_TEXTS as T, type PublicUser } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/msw';
import { anAdmin, anAdvocate } from '../../../testing/people';
import { renderWithApp } from '../../../testing/render';
import { ReportsScreen } from './reports-screen';
import { aReport } from './reports-test-data';

/**
 * Reports › Client money › Practice-year pack (ADR 045): the year (this one by default, from the
 * firm's first client-money year), the PDF and the four CSVs, with their toasts.
 */

const { getContext } = HTMLCanvasElement.prototype;
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = () => null;
});
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = getContext;
});

let click: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // 15 Nov 2026 in Nairobi. Only Date is faked, so requests and React run on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T09:00:00+03:00'));
  localStorage.setItem('token', 'tok');
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pack'), revokeObjectURL: vi.fn() });
  click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const account = (openingDate: string) => ({
  id: `acc-${openingDate}`,
  name: 'KCB Client Account',
  kind: 'client',
  institution: 'Kenya Commercial Bank',
  number: '1104567890',
  openingBalanceKsh: 0,
  openingDate,
  createdAt: `${openingDate}T09:00:00+03:00`,
});

/** The report, the accounts (the first opened in 2024), and the pack's files (or `refusal`). */
function answerPack(refusal?: { status: number; message: string }) {
  return answerApi((method, path) => {
    if (method !== 'GET') return undefined;
    if (path.startsWith('/reports/client-money')) return [200, aReport('client-money')];
    if (path === '/client-money/accounts') {
      return [200, { accounts: [account('2025-03-01'), account('2024-12-01')] }];
    }
    if (path.startsWith('/client-money/practice-years/')) {
      return refusal ? [refusal.status, { message: refusal.message }] : [200, 'file'];
    }
    return undefined;
  });
}

const renderPack = (actor: PublicUser = anAdvocate()) =>
  renderWithApp(<ReportsScreen actor={actor} />, { path: '/reports?report=client-money' });
const packOf = () => screen.getByRole('region', { name: T.sectionTitle });
const packUrls = (calls: { url: string }[]) =>
  calls.map((call) => call.url).filter((url) => url.includes('/practice-years/'));
/** Picks `year` once the accounts have said how far back the years go. */
async function chooseYear(year: string) {
  const select = within(packOf()).getByRole('combobox', { name: T.yearLabel });
  await within(select).findByRole('option', { name: year });
  await userEvent.selectOptions(select, year);
}
const savedAs = () => (click.mock.contexts.at(-1) as HTMLAnchorElement).download;

describe('the practice-year pack', () => {
  it('offers this year by default and each year back to the firm’s first, and downloads the PDF', async () => {
    const calls = answerPack();
    renderPack();
    const pack = packOf();
    const year = within(pack).getByRole('combobox', { name: T.yearLabel });
    expect(year).toHaveValue('2026');
    await waitFor(() =>
      expect(
        within(year)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['2026', '2025', '2024']),
    );
    // A year still running: its balances are today's.
    expect(within(pack).getByLabelText(T.asOfLabel)).toHaveValue('2026-11-15');

    await chooseYear('2025');
    expect(within(pack).getByLabelText(T.asOfLabel)).toHaveValue('2025-12-31');
    await userEvent.click(within(pack).getByRole('button', { name: T.downloadPdf }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(packUrls(calls)).toEqual(['/api/client-money/practice-years/2025/pack.pdf']);
    expect(savedAs()).toBe('Client-money-2025-practice-year-pack.pdf');
    // Toasts slide in: present is what is checked, not yet drawn in place.
    expect(await screen.findByText(T.downloaded)).toBeInTheDocument();
  });

  it('downloads each CSV of the year, the balances at the day given', async () => {
    const calls = answerPack();
    renderPack();
    const pack = packOf();
    await chooseYear('2025');
    for (const name of [T.downloadJournal, T.downloadLedgers, T.downloadReconciliations]) {
      await userEvent.click(within(pack).getByRole('button', { name }));
      await waitFor(() => expect(within(pack).getByRole('button', { name })).toBeEnabled());
    }
    const day = within(pack).getByLabelText(T.asOfLabel);
    await userEvent.clear(day);
    await userEvent.type(day, '2026-01-01');
    await userEvent.click(within(pack).getByRole('button', { name: T.downloadBalances }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(4));
    expect(packUrls(calls)).toEqual([
      '/api/client-money/practice-years/2025/journal.csv',
      '/api/client-money/practice-years/2025/ledgers.csv',
      '/api/client-money/practice-years/2025/reconciliations.csv',
      '/api/client-money/practice-years/2025/balances.csv?asOf=2026-01-01',
    ]);
    expect(savedAs()).toBe('client-money-2025-balances-2026-01-01.csv');
  });

  it('says why a balances day is refused before asking, and sends nothing', async () => {
    const calls = answerPack();
    renderPack();
    const pack = packOf();
    const day = within(pack).getByLabelText(T.asOfLabel);
    await userEvent.clear(day);
    await userEvent.type(day, '2025-12-31');
    expect(within(pack).getByText(T.asOfBeforeYear(2026))).toBeVisible();
    expect(within(pack).getByRole('button', { name: T.downloadBalances })).toBeDisabled();
    await userEvent.clear(day);
    await userEvent.type(day, '2026-11-16');
    expect(within(pack).getByText(T.asOfInFuture)).toBeVisible();
    expect(packUrls(calls)).toEqual([]);
  });

  it('shows the server’s refusal in an error toast and leaves no progress toast', async () => {
    answerPack({ status: 403, message: 'You may not download the pack' });
    renderPack();
    await userEvent.click(within(packOf()).getByRole('button', { name: T.downloadJournal }));
    expect(await screen.findByText('You may not download the pack')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(T.downloading)).toBeNull());
    expect(click).not.toHaveBeenCalled();
  });

  it('is not offered to an admin who may not see the Client money report', async () => {
    const calls = answerPack();
    renderPack(anAdmin({ canAccessReports: true }));
    expect(screen.getByRole('alert')).toBeVisible();
    expect(screen.queryByRole('region', { name: T.sectionTitle })).toBeNull();
    expect(calls.map((call) => call.url)).not.toContain('/api/client-money/accounts');
  });

  it('is offered to an admin who manages cases and sees reports', async () => {
    answerPack();
    renderPack(anAdmin({ canAccessReports: true, canManageCases: true }));
    expect(packOf()).toBeVisible();
  });
});
