import { DENIED_TEXTS, previousRange, type ReportKind } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/msw';
import { anAdmin, anAdvocate } from '../../../testing/people';
import { renderWithApp } from '../../../testing/render';
import { ReportsScreen } from './reports-screen';
import { aReport, idleSection, openAtEnd } from './reports-test-data';

const NOVEMBER = '/api/reports/caseload?from=2026-11-01&to=2026-11-30';

// jsdom draws no canvas (and says so on stderr): the charts stay empty boxes, their tables carry
// the figures. Set for the whole file, as a chart loaded late may mount after a test's mocks are gone.
const { getContext } = HTMLCanvasElement.prototype;
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = () => null;
});
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = getContext;
});

beforeEach(() => {
  // 15 Nov 2026 in Nairobi: the default period is November. Only Date is faked, so requests and
  // React's scheduling run on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T09:00:00+03:00'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * Answers every report with its test data over the period asked (and its CSV), recording the
 * calls; anything else (the session's check) is not answered.
 */
function answerReports() {
  return answerApi((method, path) => {
    const match = /^\/reports\/([\w-]+)\?from=([\d-]+)&to=([\d-]+)(&format=csv)?$/.exec(path);
    if (method !== 'GET' || !match) return undefined;
    const [, kind, from, to, csv] = match as unknown as [
      string,
      ReportKind,
      string,
      string,
      string?,
    ];
    if (csv) return [200, 'Client service,2026-10-01,2026-10-31'];
    const range = { from, to };
    return [200, aReport(kind, { range, previousRange: previousRange(range) })];
  });
}

/** The period line as read: without the marks that keep each period on one line. */
const period =
  (text: string) =>
  (_content: string, element: Element | null): boolean =>
    element?.tagName === 'P' &&
    element.textContent?.replaceAll('\u2060', '').replaceAll('\u00a0', ' ') === text;

const renderScreen = (path = '/reports', actor = anAdvocate()) =>
  renderWithApp(<ReportsScreen actor={actor} />, { path });
// The reports' own requests (the Client money kind also lists the accounts for its pack).
const reportUrls = (calls: { url: string }[]) =>
  calls.map((call) => call.url).filter((url) => url.startsWith('/api/reports'));

describe('the Reports screen', () => {
  it('keeps the Money report, as Billing, to those who manage cases, and says which toggle it takes', async () => {
    const calls = answerReports();
    renderScreen('/reports?report=money', anAdmin({ canAccessReports: true }));
    const picker = screen.getByRole('navigation', { name: 'Choose a report' });
    expect(within(picker).queryByRole('link', { name: 'Money' })).toBeNull();
    expect(within(picker).getByRole('link', { name: 'Caseload' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(DENIED_TEXTS['reports:money']);
    expect(screen.getByRole('alert')).toHaveTextContent('“Manage Cases”');
    expect(reportUrls(calls)).toEqual([]);
  });

  it('keeps the Client money report to those who see the client ledgers', async () => {
    const calls = answerReports();
    renderScreen('/reports?report=client-money', anAdmin({ canAccessReports: true }));
    const picker = screen.getByRole('navigation', { name: 'Choose a report' });
    expect(within(picker).queryByRole('link', { name: 'Client money' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(DENIED_TEXTS['reports:client-money']);
    expect(screen.getByRole('alert')).toHaveTextContent('“Manage Cases”');
    expect(reportUrls(calls)).toEqual([]);
  });

  it('opens Client money for an admin who manages cases: idle balances by how long, a dash in the other column', async () => {
    const calls = answerReports();
    renderScreen(
      '/reports?report=client-money',
      anAdmin({ canAccessReports: true, canManageCases: true }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Client money' })).toBeVisible();
    const table = await screen.findByRole('table', { name: `Table: ${idleSection.title}` });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['6 to 12 months', 'Over 12 months']);
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [
          within(row).queryByRole('rowheader')?.textContent ?? '',
          ...within(row)
            .queryAllByRole('cell')
            .map((cell) => cell.textContent),
        ]),
    ).toEqual([
      ['', ''],
      [idleSection.rows[0]!.label, '—No figure', 'KSh 1,201,500'],
      [idleSection.rows[1]!.label, 'KSh 385,000', '—No figure'],
      ['Total', 'KSh 385,000', 'KSh 1,201,500'],
    ]);
    expect(reportUrls(calls)).toEqual(['/api/reports/client-money?from=2026-11-01&to=2026-11-30']);
  });

  it('opens Caseload for this month in Nairobi, compared with last month', async () => {
    const calls = answerReports();
    renderScreen();
    expect(await screen.findByRole('heading', { level: 2, name: 'Caseload' })).toBeVisible();
    expect(
      screen.getByText(period('1 – 30 Nov 2026, compared with 1 – 31 Oct 2026')),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { level: 3, name: openAtEnd.title })).toBeVisible();
    expect(reportUrls(calls)).toEqual([NOVEMBER]);
    const picker = screen.getByRole('navigation', { name: 'Choose a report' });
    expect(within(picker).getByRole('link', { name: 'Caseload' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByLabelText('Period')).toHaveValue('this_month');
  });

  it('picks another report, keeping the period, and keeps it in the address', async () => {
    const calls = answerReports();
    const { router } = renderScreen('/reports?from=2026-10-01&to=2026-10-31');
    await screen.findByRole('heading', { level: 3, name: openAtEnd.title });
    const picker = screen.getByRole('navigation', { name: 'Choose a report' });
    await userEvent.click(within(picker).getByRole('link', { name: 'Money' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Money' })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 3, name: 'Billed' })).toBeVisible();
    expect(within(picker).getByRole('link', { name: 'Money' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(router.state.location.search).toBe('?from=2026-10-01&to=2026-10-31&report=money');
    expect(reportUrls(calls)).toEqual([
      '/api/reports/caseload?from=2026-10-01&to=2026-10-31',
      '/api/reports/money?from=2026-10-01&to=2026-10-31',
    ]);
    expect(screen.getByLabelText('Period')).toHaveValue('last_month');
  });

  it('asks for the days of the preset chosen', async () => {
    const calls = answerReports();
    const { router } = renderScreen();
    await screen.findByRole('heading', { level: 3, name: openAtEnd.title });

    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last month');
    await waitFor(() =>
      expect(reportUrls(calls)).toContain('/api/reports/caseload?from=2026-10-01&to=2026-10-31'),
    );
    expect(router.state.location.search).toBe('?report=caseload&from=2026-10-01&to=2026-10-31');
    expect(
      await screen.findByText(period('1 – 31 Oct 2026, compared with 1 – 30 Sep 2026')),
    ).toBeVisible();

    await userEvent.selectOptions(screen.getByLabelText('Period'), 'This quarter');
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'This year');
    await waitFor(() =>
      expect(reportUrls(calls).slice(-2)).toEqual([
        '/api/reports/caseload?from=2026-10-01&to=2026-12-31',
        '/api/reports/caseload?from=2026-01-01&to=2026-12-31',
      ]),
    );
  });

  it('refuses a custom range that ends before it starts, sending nothing, then shows a right one', async () => {
    const calls = answerReports();
    renderScreen();
    await screen.findByRole('heading', { level: 3, name: openAtEnd.title });

    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Custom');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    // Day/month/year, as the rest of the portal writes a day (not the browser's mm/dd/yyyy).
    expect(from).toHaveValue('01/11/2026');
    expect(to).toHaveValue('30/11/2026');
    await userEvent.clear(from);
    await userEvent.type(from, '20/11/2026');
    await userEvent.clear(to);
    await userEvent.type(to, '10/11/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));

    expect(screen.getByText('The start date must be on or before the end date')).toBeVisible();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(/^The start date must be on or before the end date/);
    expect(reportUrls(calls)).toEqual([NOVEMBER]);

    await userEvent.clear(to);
    await userEvent.type(to, '25/11/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(reportUrls(calls)).toEqual([
        NOVEMBER,
        '/api/reports/caseload?from=2026-11-20&to=2026-11-25',
      ]),
    );
    expect(
      await screen.findByText(period('20 – 25 Nov 2026, compared with 14 – 19 Nov 2026')),
    ).toBeVisible();
    expect(screen.queryByText('The start date must be on or before the end date')).toBeNull();
  });

  it('says what is wrong with a range in the address, and asks for nothing', async () => {
    const calls = answerReports();
    renderScreen('/reports?report=money&from=2020-01-01&to=2026-11-30');
    expect(await screen.findByText('A report covers at most five years')).toBeVisible();
    expect(screen.getByLabelText('Period')).toHaveValue('custom');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(calls).toEqual([]);
  });

  it('shows each figure as a link to the list it counts, and the same numbers in a table', async () => {
    answerReports();
    renderScreen();
    const table = await screen.findByRole('table', { name: `Table: ${openAtEnd.title}` });
    const rows = within(table).getAllByRole('row');
    const texts = rows.map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['This period', 'Previous period']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Family Law', 'Property Law', 'Total']);
    // The header row's corner, then each row's two figures.
    expect(texts).toEqual([[''], ['12', '10'], ['1,234', '0'], ['1,246', '10']]);

    const figure = within(table).getByRole('link', { name: '12 — Family Law, This period' });
    expect(figure).toHaveTextContent(/^12$/);
    expect(figure).toHaveAttribute('href', '/cases?openOn=2026-11-30&category=family');
    expect(within(table).getByRole('link', { name: '1,246 — Total, This period' })).toHaveAttribute(
      'href',
      '/cases?openOn=2026-11-30',
    );

    // The chart beside it, named for those who cannot see it; the total is left out of it.
    expect(
      await screen.findByRole('img', {
        name: `Chart: ${openAtEnd.title}. Highest: 1,234 — Property Law, This period. The table gives every figure.`,
      }),
    ).toBeInTheDocument();
    // A section with nothing in the period says so.
    const court = screen.getByRole('region', { name: 'Court dates in the weeks ahead' });
    expect(within(court).getByText('Nothing in this period.')).toBeVisible();
    expect(within(court).queryByRole('table')).toBeNull();

    await userEvent.click(figure);
    expect(await screen.findByText('Somewhere else')).toBeVisible();
  });

  it('writes shillings, hours and shares as the portal does, and a missing figure as a dash', async () => {
    answerReports();
    renderScreen('/reports?report=money');
    const billed = await screen.findByRole('table', { name: 'Table: Billed' });
    expect(
      within(billed).getByRole('link', { name: 'KSh 120,500 — Fee notes issued, Nov 2026' }),
    ).toHaveAttribute('href', '/billing?issuedFrom=2026-11-01&issuedTo=2026-11-30');

    await userEvent.click(screen.getByRole('link', { name: 'Enquiries' }));
    const response = await screen.findByRole('table', {
      name: 'Table: Time to first response (hours)',
    });
    expect(
      within(response)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', '3.5', '—No figure']);
    expect(screen.getByText('Worked out from the records; no single list shows it')).toBeVisible();
    // A section drawn as a table alone has no chart.
    expect(screen.queryByRole('img', { name: /^Chart:/ })).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Appointments' }));
    const share = await screen.findByRole('table', { name: 'Table: Share of offered times taken' });
    expect(within(share).getByText('40%')).toBeVisible();
    expect(within(share).getByText('37.5%')).toBeVisible();
  });

  it('says so when the report fails, and tries again', async () => {
    let failing = true;
    const calls = answerApi((method, path) =>
      method === 'GET' && path.startsWith('/reports/caseload')
        ? failing
          ? [500, { message: 'Something went wrong on our side. Please try again in a moment.' }]
          : [200, aReport()]
        : undefined,
    );
    renderScreen();
    // The query client asks twice more before it gives up (a second, then two).
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(reportUrls(calls)).toEqual([NOVEMBER, NOVEMBER, NOVEMBER]);
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: `Table: ${openAtEnd.title}` })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  }, 15_000);

  it('says it is loading the report meanwhile', async () => {
    answerReports();
    renderScreen();
    expect(screen.getByText('Loading the report').closest('[role="status"]')).toBeVisible();
    await screen.findByRole('table', { name: `Table: ${openAtEnd.title}` });
  });

  it('downloads the CSV of the report and period shown, with the session’s token', async () => {
    const calls = answerReports();
    localStorage.setItem('token', 'tok');
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen('/reports?report=service&from=2026-10-01&to=2026-10-31');
    await screen.findByRole('table', { name: 'Table: Time to first response (hours)' });

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(reportUrls(calls)).toContain(
      '/api/reports/service?from=2026-10-01&to=2026-10-31&format=csv',
    );
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'report-service-2026-10-01-to-2026-10-31.csv',
    );
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('prints the page', async () => {
    answerReports();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });
});
