import type { Notification, NotificationList } from '@firm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeToken } from '../../../lib/auth-storage';
import { answerApi, http, HttpResponse, server } from '../../../testing/msw';
import { mockApi, renderWithApp } from '../../../testing/render';
import { NotificationBell } from './notification-bell';
import { relativeAge } from './relative-age';

const MINUTE = 60_000;

function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: crypto.randomUUID(),
    sequence: 1,
    type: 'info',
    kind: 'case_status_changed',
    title: 'Case status updated',
    message: 'Case MWA/2026/0001 is now in progress.',
    timestamp: new Date(Date.now() - 30 * MINUTE).toISOString(),
    read: false,
    readAt: null,
    actionUrl: '/cases/5b0c6a64-0a59-4a25-9d1b-7a6f5c1c2f10',
    ...overrides,
  };
}

function page(notifications: Notification[], total = notifications.length): NotificationList {
  return {
    success: true,
    count: notifications.length,
    total,
    unreadCount: notifications.filter((n) => !n.read).length,
    pagination: { page: 1, limit: 20, pages: Math.max(1, Math.ceil(total / 20)) },
    nextBefore: null,
    notifications,
  };
}

const renderBell = () =>
  renderWithApp(<NotificationBell live={false} />, {
    routes: [{ path: '/cases/:id', element: <h1>The case</h1> }],
  });

describe('NotificationBell', () => {
  it('shows the unread count, reading 9+ above 9, and announces it politely', async () => {
    mockApi({ 'GET /notifications/unread-count': [200, { success: true, count: 12 }] });
    renderBell();
    expect(await screen.findByText('9+')).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('12 unread notifications');
  });

  it('shows the number itself up to 9, and no badge at 0', async () => {
    mockApi({ 'GET /notifications/unread-count': [200, { success: true, count: 9 }] });
    const first = renderBell();
    expect(await screen.findByText('9')).toBeInTheDocument();
    first.unmount();
    mockApi({ 'GET /notifications/unread-count': [200, { success: true, count: 0 }] });
    renderBell();
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it("starts closed and says 'No notifications yet' when there are none", async () => {
    mockApi({
      'GET /notifications/unread-count': [200, { success: true, count: 0 }],
      'GET /notifications?limit=20': [200, page([])],
    });
    renderBell();
    const button = screen.getByRole('button', { name: 'Notifications' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('says the list could not be loaded, never that there are none, and tries again', async () => {
    let failing = true;
    mockApi({
      'GET /notifications/unread-count': [200, { success: true, count: 1 }],
      'GET /notifications?limit=20': () =>
        failing
          ? [429, { message: 'Too many requests. Try again in a minute.' }]
          : [200, page([aNotification({ title: 'Hearing date set' })])],
    });
    renderBell();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests. Try again in a minute.');
    expect(screen.queryByText('No notifications yet')).toBeNull();
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hearing date set')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists entries with their ages; marks one read, all read, removes one', async () => {
    const recent = aNotification({ title: 'Case status updated' });
    const older = aNotification({
      type: 'success',
      title: 'Appointment confirmed',
      timestamp: new Date(Date.now() - 2 * 60 * MINUTE).toISOString(),
      actionUrl: '/appointments',
    });
    const oldest = aNotification({
      type: 'warning',
      title: 'Appointment cancelled',
      timestamp: new Date(Date.now() - 24 * 60 * MINUTE).toISOString(),
      actionUrl: null,
    });
    const calls = mockApi({
      'GET /notifications/unread-count': [200, { success: true, count: 3 }],
      'GET /notifications?limit=20': [200, page([recent, older, oldest])],
      [`PUT /notifications/${recent.id}/read`]: [
        200,
        { success: true, notification: { ...recent, read: true }, unreadCount: 2 },
      ],
      'PUT /notifications/read-all': [
        200,
        { success: true, message: 'ok', updated: 2, unreadCount: 0 },
      ],
      [`DELETE /notifications/${oldest.id}`]: [200, { success: true, unreadCount: 0 }],
    });
    renderBell();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getByText('30 minutes ago')).toBeInTheDocument();
    expect(within(list).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(list).getByText('1 day ago')).toBeInTheDocument();
    expect(within(list).getAllByRole('link', { name: 'View Details' })).toHaveLength(2);

    await userEvent.click(
      screen.getByRole('button', { name: 'Mark as read: Case status updated' }),
    );
    expect(await screen.findByText('2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as read: Case status updated' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove: Appointment cancelled' }));
    expect(await screen.findByText('Appointment confirmed')).toBeInTheDocument();
    expect(screen.queryByText('Appointment cancelled')).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
      `DELETE /api/notifications/${oldest.id}`,
    );
  });

  it("'View Details' opens the action's page and marks the entry read", async () => {
    const entry = aNotification();
    const calls = mockApi({
      'GET /notifications/unread-count': [200, { success: true, count: 1 }],
      'GET /notifications?limit=20': [200, page([entry])],
      [`PUT /notifications/${entry.id}/read`]: [
        200,
        { success: true, notification: { ...entry, read: true }, unreadCount: 0 },
      ],
    });
    renderBell();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await userEvent.click(await screen.findByRole('link', { name: 'View Details' }));
    expect(await screen.findByRole('heading', { name: 'The case' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT' && call.url.endsWith('/read'))).toBe(true);
  });
});

// Each has a message of its own, so the test can tell them apart.
const numberedNotification = (sequence: number) =>
  aNotification({ sequence, title: `Notice ${sequence}`, message: `Message ${sequence}` });

/**
 * The API as the server answers it, over `count` notifications: pages by `before=` sequence,
 * removals, and a live stream the test writes events into.
 */
function firmWithNotifications(count: number) {
  let items = Array.from({ length: count }, (_, index) => numberedNotification(index + 1));
  let pagesAnswered = 0;
  let sendEvent!: (text: string) => void;
  let streamOpened!: () => void;
  const isStreamOpen = new Promise<void>((resolve) => (streamOpened = resolve));
  answerApi((method, path) => {
    const url = new URL(path, 'http://portal.test');
    if (method === 'GET' && url.pathname === '/notifications/unread-count') {
      return [200, { success: true, count: 0 }];
    }
    if (method === 'GET' && url.pathname === '/notifications') {
      pagesAnswered += 1;
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const before = url.searchParams.get('before');
      const newestFirst = [...items].sort((a, b) => b.sequence - a.sequence);
      const from = before
        ? newestFirst.filter((each) => each.sequence < Number(before))
        : newestFirst;
      const rows = from.slice(0, limit);
      return [
        200,
        {
          ...page(rows, items.length),
          pagination: { page: 1, limit, pages: Math.ceil(items.length / limit) },
          nextBefore: from.length > limit ? rows.at(-1)!.sequence : null,
        },
      ];
    }
    if (method === 'DELETE' && url.pathname.startsWith('/notifications/')) {
      items = items.filter((each) => each.id !== url.pathname.split('/').at(-1));
      return [200, { success: true, unreadCount: 0 }];
    }
    return undefined;
  });
  server.use(
    http.get('/api/notifications/stream', () => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          sendEvent = (text) => controller.enqueue(encoder.encode(text));
          streamOpened();
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return {
    pagesAnswered: () => pagesAnswered,
    /** A new notification: stored, then announced on the stream as the server does. */
    async arrive(notification: Notification) {
      await isStreamOpen;
      items.push(notification);
      sendEvent(
        `id: ${notification.sequence}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`,
      );
    },
  };
}

/** The messages listed in the panel, top to bottom. */
const listedMessages = () =>
  screen.getAllByText(/^Message \d+$/).map((element) => element.textContent);

const numbered = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => `Message ${from - index}`);

describe('NotificationBell: loading more', () => {
  const openLiveBell = async () => {
    storeToken('token');
    renderWithApp(<NotificationBell />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    return screen.findByRole('list', { name: 'Notifications' });
  };
  /** Scrolls to the end of the list and waits for the second page to be shown. */
  const loadMore = async (firm: ReturnType<typeof firmWithNotifications>) => {
    fireEvent.scroll(screen.getByRole('list', { name: 'Notifications' }));
    await waitFor(() => expect(firm.pagesAnswered()).toBe(2));
    await waitFor(() => expect(screen.queryByText('Loading more…')).toBeNull());
  };
  it('after a live arrival, the next page neither repeats nor skips one', async () => {
    const firm = firmWithNotifications(40);
    const list = await openLiveBell();
    await within(list).findByText('Message 21');
    await firm.arrive(numberedNotification(41));
    await within(list).findByText('Message 41');

    await loadMore(firm);
    expect(listedMessages()).toEqual(numbered(41, 1));
  });

  it('after a removal, the next page neither repeats nor skips one', async () => {
    const firm = firmWithNotifications(40);
    const list = await openLiveBell();
    await userEvent.click(await within(list).findByRole('button', { name: 'Remove: Notice 30' }));
    await waitFor(() => expect(within(list).queryByText('Message 30')).toBeNull());

    await loadMore(firm);
    expect(listedMessages()).toEqual([...numbered(40, 31), ...numbered(29, 1)]);
  });
});

describe('relativeAge', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('says minutes, hours or days ago', () => {
    expect(relativeAge(ago(10 * 1000), now)).toBe('1 minute ago');
    expect(relativeAge(ago(30 * MINUTE), now)).toBe('30 minutes ago');
    expect(relativeAge(ago(59 * MINUTE), now)).toBe('59 minutes ago');
    expect(relativeAge(ago(2 * 60 * MINUTE), now)).toBe('2 hours ago');
    expect(relativeAge(ago(24 * 60 * MINUTE), now)).toBe('1 day ago');
    expect(relativeAge(ago(3 * 24 * 60 * MINUTE), now)).toBe('3 days ago');
  });
});
