import { NOTIFICATION_MESSAGES as M, notificationBadgeText } from '@firm/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState, type UIEvent } from 'react';
import toast from 'react-hot-toast';
import { ListResults } from '../../../components/list/list-states';
import { errorText } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { useDismiss } from '../../../lib/use-dismiss';
import { wantToaster } from '../../../lib/toasts';
import { listedNotifications, useNotifications } from '../api/list-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { useNotificationStream } from '../api/notification-stream';
import { useRemoveNotification } from '../api/remove-notification';
import { useUnreadCount } from '../api/unread-count';
import { NotificationItem } from './notification-item';

/** Within this many pixels of the bottom, the next page loads. */
const LOAD_MORE_MARGIN = 48;

/**
 * The bell of docs/product-rules.md#screens: an unread badge (9+ above 9), and a panel that starts closed with
 * 'Mark all read', each entry's mark-as-read, remove and 'View Details', and 'No notifications
 * yet' (or, when the list could not be fetched, that it could not, with Try again). The count and the list stay current through the live stream; the count is announced
 * politely to screen readers when it changes.
 */
function BellWithPanel({ live }: { live: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();
  const count = useUnreadCount().data ?? 0;
  useNotificationStream(live);
  const list = useNotifications(isOpen);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const remove = useRemoveNotification();
  // Ages are worked out against one "now", renewed each minute while the panel is open.
  const [now, setNow] = useState(() => Date.now());

  // The panel stays open while the person tabs on through the page: only Escape and a press
  // outside close it.
  useDismiss(
    isOpen,
    () => setIsOpen(false),
    { container: containerRef, button: buttonRef },
    { onFocusOut: false },
  );
  useEffect(() => {
    if (!isOpen) return;
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [isOpen]);

  const items = listedNotifications(list.data);
  const failed = (fallback: string) => (error: unknown) =>
    void toast.error(errorText(error, fallback));

  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const box = event.currentTarget;
    const isNearEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - LOAD_MORE_MARGIN;
    if (isNearEnd && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => {
          setNow(Date.now());
          setIsOpen((open) => !open);
        }}
        className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
      >
        <Bell aria-hidden="true" className="size-5" />
        <span className="sr-only">{M.bellLabel}</span>
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-semibold text-white"
          >
            {notificationBadgeText(count)}
          </span>
        ) : null}
      </button>
      <span role="status" aria-live="polite" className="sr-only">
        {M.unreadCount(count)}
      </span>
      {isOpen ? (
        <section
          id={panelId}
          aria-labelledby={headingId}
          className="fixed inset-x-2 top-16 z-40 rounded-lg border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 id={headingId} className="text-sm font-semibold text-slate-900">
              {M.bellLabel}
            </h2>
            <button
              type="button"
              disabled={count === 0 || markAllRead.isPending}
              onClick={() => markAllRead.mutate(undefined, { onError: failed(M.markAllRead) })}
              className="rounded-md px-2 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:text-slate-500 disabled:hover:bg-transparent"
            >
              {M.markAllRead}
            </button>
          </div>
          <ListResults
            query={list}
            loadingLabel={M.loading}
            loading={<p className="px-4 py-6 text-center text-sm text-slate-600">{M.loading}</p>}
            failedText={M.loadFailed}
            isEmpty={() => items.length === 0}
            empty={{ title: M.empty }}
            compact
          >
            {() => (
              <ul
                aria-labelledby={headingId}
                tabIndex={0}
                onScroll={onScroll}
                className="max-h-96 overflow-y-auto overscroll-contain"
              >
                {items.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    now={now}
                    onRead={() => markRead.mutate(notification.id, { onError: failed(M.markRead) })}
                    onRemove={() => remove.mutate(notification.id, { onError: failed(M.remove) })}
                    onViewDetails={() => {
                      if (!notification.read) markRead.mutate(notification.id);
                      setIsOpen(false);
                    }}
                  />
                ))}
                {list.isFetchingNextPage ? (
                  <li className="px-4 py-2 text-center text-xs text-slate-600">{M.loadingMore}</li>
                ) : null}
              </ul>
            )}
          </ListResults>
        </section>
      ) : null}
    </div>
  );
}

/**
 * One cache per signed-in person, of the bell's own: the header sits on every page, public ones
 * included, above the portal's query cache (portal-layout.tsx), and stays mounted from page to
 * page, so the count and the stream do too. A new person starts from an empty one.
 */
function useOwnQueryClient(): QueryClient {
  const { user } = useSession();
  const owner = user?.id ?? null;
  const [cache, setCache] = useState(() => ({ owner, client: createQueryClient() }));
  if (cache.owner !== owner) {
    const next = { owner, client: createQueryClient() };
    setCache(next);
    return next.client;
  }
  return cache.client;
}

export function NotificationBell({ live = true }: { live?: boolean }) {
  const queryClient = useOwnQueryClient();
  // Its failures are toasted, on public pages too.
  useEffect(() => wantToaster(), []);
  useEffect(() => () => queryClient.clear(), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <BellWithPanel live={live} />
    </QueryClientProvider>
  );
}
