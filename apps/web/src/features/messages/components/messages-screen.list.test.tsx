import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAdvocate } from '../../../testing/people';
import { mockApi } from '../../../testing/render';
import { OTHER_ID, listOf, summary } from './messages-test-data';
import { clearSessionStorageAfterEach, LIST, renderScreen } from './messages-screen-test-kit';

clearSessionStorageAfterEach();

describe('the conversation list', () => {
  it('lists conversations as the server orders them (unread first), with case, preview and Nairobi time', async () => {
    mockApi({
      [LIST]: [
        200,
        listOf([
          summary({ id: OTHER_ID, subject: 'Fees', caseId: null, caseLabel: null, unreadCount: 2 }),
          summary(),
        ]),
      ],
    });
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const items = within(list).getAllByRole('button');
    expect(items[0]).toHaveTextContent('Fees');
    expect(items[0]).toHaveTextContent('General');
    expect(items[0]).toHaveTextContent('2 unread');
    expect(items[1]).toHaveTextContent('MWA/2026/0042 · Boundary dispute Ngong');
    expect(items[1]).toHaveTextContent('Wanjiru Kamau: Please see the attached deed');
    expect(items[1]).toHaveTextContent('20 Nov'); // 10:05 in Nairobi, on an earlier day
    expect(screen.getByRole('button', { name: /New Message/ })).toBeInTheDocument();
  });

  it('loads the next page with Load more, and on scrolling to the end, until the last', async () => {
    const page = (n: number, pages: number, ids: string[]) => [
      200,
      {
        ...listOf(ids.map((id) => summary({ id, subject: `Subject ${id}!` }))),
        total: 120,
        pagination: { page: n, limit: 50, pages },
      },
    ];
    const calls = mockApi({
      [LIST]: page(1, 3, ['a1', 'a2']) as [number, unknown],
      // A conversation that moved up between requests comes again on page 2: shown once.
      'GET /conversations?unread=first&limit=50&page=2': page(2, 3, ['a2', 'b1']) as [
        number,
        unknown,
      ],
      'GET /conversations?unread=first&limit=50&page=3': page(3, 3, ['c1']) as [number, unknown],
    });
    renderScreen('/messages', anAdvocate());
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more conversations' }));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button')
          .map((item) => item.textContent?.match(/Subject (\w+)!/)?.[1]),
      ).toEqual(['a1', 'a2', 'b1']),
    );
    // Scrolled to the end of what is loaded: the last page follows by itself.
    fireEvent.scroll(list.parentElement!);
    expect(await within(list).findByText('Subject c1!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more conversations' })).toBeNull();
    expect(calls.filter((call) => call.url.includes('page=')).map((c) => c.url.slice(-6))).toEqual([
      'page=1',
      'page=2',
      'page=3',
    ]);
  });

  it('says so when there are none', async () => {
    mockApi({ [LIST]: [200, listOf([])] });
    renderScreen();
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
  });
});

describe('the conversations waiting over a day (a report links here)', () => {
  it('asks for them, says so with the total, keeps the filter while one is open, and Show all clears it', async () => {
    const calls = mockApi({
      [`${LIST}&waiting=day`]: [200, { ...listOf([summary()]), total: 1 }],
      [LIST]: [
        200,
        { ...listOf([summary(), summary({ id: OTHER_ID, subject: 'Fees' })]), total: 14 },
      ],
    });
    const { router } = renderScreen('/messages?waiting=day', anAdvocate());
    expect(
      await screen.findByText(
        'Showing conversations where a client has waited over a day for an answer.',
      ),
    ).toBeVisible();
    expect(await screen.findByText('1 conversation')).toBeVisible();
    expect(calls[0]!.url).toBe('/api/conversations?unread=first&limit=50&page=1&waiting=day');

    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('14 conversations')).toBeVisible();
    expect(screen.queryByText(/waited over a day/)).not.toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/conversations?unread=first&limit=50&page=1');
  });

  it('says when no client is waiting', async () => {
    mockApi({ [`${LIST}&waiting=day`]: [200, listOf([])] });
    renderScreen('/messages?waiting=day', anAdvocate());
    expect(await screen.findByText('No client has waited over a day for an answer.')).toBeVisible();
    expect(screen.getByText('0 conversations')).toBeVisible();
  });
});
