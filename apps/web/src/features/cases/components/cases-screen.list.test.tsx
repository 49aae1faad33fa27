import { CASE_MESSAGES } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/render';
import { aClient, anAdmin, anAdvocate } from '../../../testing/people';
import { summary, list, PEOPLE, renderCases } from './cases-screen-test-kit';

describe('the cases list', () => {
  it('shows skeletons, then cards with every field a card lists', async () => {
    mockApi({ 'GET /cases?page=1&limit=20': [200, list([summary()])] });
    renderCases(anAdvocate());
    expect(screen.getByRole('status', { name: 'Loading cases' })).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Boundary dispute Ngong' })).closest(
      'article',
    )!;
    const inCard = within(card);
    expect(inCard.getByText('MWA/2026/0042')).toBeInTheDocument();
    expect(inCard.getByText('in progress')).toBeInTheDocument();
    expect(inCard.getByText('Urgent priority')).toBeInTheDocument();
    expect(inCard.getByText('Property Law')).toBeInTheDocument();
    expect(inCard.getByText('Wanjiru Kamau')).toBeInTheDocument();
    expect(inCard.getByText('Thu 3 Dec 2026, 10:00')).toBeInTheDocument(); // Nairobi time
    expect(inCard.getByText('2 documents')).toBeInTheDocument();
    expect(inCard.getByText('1 note')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Case Management' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Case' })).toBeInTheDocument();
  });

  it("says 'No cases found', and shows a client 'My Cases' without New Case", async () => {
    mockApi({ 'GET /cases?page=1&limit=20': [200, list([])] });
    renderCases(aClient());
    expect(await screen.findByText('No cases found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Cases' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Case' })).not.toBeInTheDocument();
    expect(screen.queryByText(CASE_MESSAGES.newCaseNeedsPermission)).not.toBeInTheDocument();
  });

  it('tells an admin who may read case files but not open them why there is no New Case', async () => {
    mockApi({ 'GET /cases?page=1&limit=20': [200, list([])] });
    renderCases(anAdmin({ canOpenFiles: true }));
    expect(await screen.findByText(CASE_MESSAGES.newCaseNeedsPermission)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New Case' })).not.toBeInTheDocument();
  });

  it(
    'shows the server’s message on failure, and Try again loads the list',
    { timeout: 15_000 },
    async () => {
      let calls = 0;
      mockApi({
        'GET /cases?page=1&limit=20': () =>
          // The first try and the query client's two retries fail.
          (calls += 1) <= 3
            ? [503, { message: 'The database is busy. Please try again.' }]
            : [200, list([summary()])],
      });
      renderCases(anAdvocate());
      expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
        'The database is busy. Please try again.',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(
        await screen.findByRole('link', { name: 'Boundary dispute Ngong' }),
      ).toBeInTheDocument();
    },
  );

  it('keeps filters in the URL and asks the server for them; More Filters opens the extra ones', async () => {
    const calls = mockApi({
      'GET /cases?page=1&limit=20': [200, list([summary()])],
      'GET /cases?status=closed&page=1&limit=20': [200, list([])],
      'GET /cases?status=closed&category=family&page=1&limit=20': [200, list([])],
      'GET /cases/people': [200, PEOPLE],
    });
    const { router } = renderCases(anAdvocate());
    await screen.findByRole('link', { name: 'Boundary dispute Ngong' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'closed');
    expect(await screen.findByText('No cases found')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=closed');
    const more = screen.getByRole('button', { name: 'More Filters' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'family');
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        '/api/cases?status=closed&category=family&page=1&limit=20',
      ),
    );
    // Typed day/month/year (not the browser's mm/dd/yyyy), asked of the API as YYYY-MM-DD.
    await userEvent.type(screen.getByRole('textbox', { name: 'Court date from' }), '01/12/2026');
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        '/api/cases?status=closed&category=family&courtFrom=2026-12-01&page=1&limit=20',
      ),
    );
  });
});

describe('the filters a report links with', () => {
  const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

  it('asks for the opened and closed days, says them with the total, keeps the selects working, and Show all clears them', async () => {
    const calls = mockApi({
      'GET /cases?openedFrom=2026-11-01&openedTo=2026-11-30&closedFrom=2026-11-01&closedTo=2026-11-30&page=1&limit=20':
        [200, list([summary()], 7)],
      'GET /cases?status=closed&openedFrom=2026-11-01&openedTo=2026-11-30&closedFrom=2026-11-01&closedTo=2026-11-30&page=1&limit=20':
        [200, list([summary()], 3)],
      'GET /cases?status=closed&page=1&limit=20': [200, list([summary()], 40)],
    });
    const { router } = renderCases(
      anAdvocate(),
      '/cases?openedFrom=2026-11-01&openedTo=2026-11-30&closedFrom=2026-11-01&closedTo=2026-11-30',
    );
    expect(
      await screen.findByText(
        'Showing cases opened Sun 1 Nov 2026 to Mon 30 Nov 2026, closed Sun 1 Nov 2026 to Mon 30 Nov 2026.',
      ),
    ).toBeVisible();
    expect(await screen.findByText('7 cases')).toBeVisible();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'closed');
    expect(await screen.findByText('3 cases')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=closed'));
    expect(await screen.findByText('40 cases')).toBeVisible();
    expect(screen.queryByText(/Showing cases/)).not.toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/cases?status=closed&page=1&limit=20');
  });

  it('asks for the cases open at the end of a day with a category and assignee, and says so', async () => {
    const calls = mockApi({
      'GET /cases?status=open&category=family&assignee=none&openOn=2026-11-30&page=1&limit=20': [
        200,
        list([summary()], 12),
      ],
      'GET /cases/people': [200, PEOPLE],
    });
    renderCases(anAdvocate(), '/cases?status=open&category=family&assignee=none&openOn=2026-11-30');
    expect(
      await screen.findByText('Showing cases open at the end of Mon 30 Nov 2026.'),
    ).toBeVisible();
    expect(await screen.findByText('12 cases')).toBeVisible();
    // The link's category and assignee show in their own controls, opened for the person.
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('family');
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('none');
    const asked = calls.find((call) => call.url.startsWith('/api/cases?'));
    expect(paramsOf(asked!.url)).toMatchObject({ openOn: '2026-11-30', status: 'open' });
  });
});
