import type { Notification } from '@firm/shared';
import { pathOf } from '@firm/shared/common/endpoints';
import { NOTIFICATIONS_ENDPOINTS } from '@firm/shared/notifications/endpoints';
import { fetchEventSource } from '@microsoft/fetch-event-source';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE } from '../../../lib/api-client';
import { getStoredToken, reportAuthProblem } from '../../../lib/auth-storage';
import { emitLiveEvent, type LiveMessageEvent } from '../../../lib/live-events';
import { addNotification, setUnreadCount } from './cache';
import { NOTIFICATION_LIST_KEY } from './keys';

/** Thrown to stop for good: no session (it ended or was revoked), so no point in retrying. */
class StreamRefused extends Error {}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/** After a lost connection: 1 s, 2 s, 4 s … up to 30 s between tries, with some jitter. */
export function retryDelay(failures: number): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * The server writes at least a comment line every 25 s (notification-streams.ts). This long with
 * nothing at all means the connection is gone though nobody said so (a phone that lost signal
 * keeps a dead socket "open" for minutes): the stream is opened again.
 */
export const STREAM_SILENCE_LIMIT_MS = 60_000;

/** The stream opens when the page is first idle, or after this long at most. */
const STREAM_START_WITHIN_MS = 1000;

/**
 * GET /api/notifications/stream (ADR 017), through fetch so the session's Bearer header goes with
 * it (an EventSource cannot send one, and a token in a URL ends up in logs). Each notification
 * joins the cached list and each count replaces the badge's. Reopened with the last event id
 * after a server restart, after `STREAM_SILENCE_LIMIT_MS` of silence and at once when the browser
 * says it is online again, so what was missed arrives, once. A refusal (401/403) stops it.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getStoredToken();
    if (!enabled || !token) return;
    let connection: AbortController | null = null;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    let lastEventId: string | null = null;
    let failures = 0;
    let hasOpened = false;
    let isStopped = false;

    const stopWatchdog = () => clearTimeout(watchdog);

    /** (Re)starts from scratch: a pending retry's wait is dropped too. */
    const open = () => {
      connection?.abort();
      stopWatchdog();
      if (isStopped) return;
      const own = new AbortController();
      connection = own;
      const armWatchdog = () => {
        // A late chunk of a replaced connection must not touch the new one's timer.
        if (own.signal.aborted) return;
        stopWatchdog();
        watchdog = setTimeout(open, STREAM_SILENCE_LIMIT_MS);
      };
      // fetch-event-source hides comment lines (the heartbeat); every chunk read, comments
      // included, shows the connection is alive.
      const watchedFetch: typeof fetch = async (input, init) => {
        armWatchdog();
        const response = await fetch(input, init);
        if (!response.body) return response;
        const body = response.body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              armWatchdog();
              controller.enqueue(chunk);
            },
          }),
        );
        return new Response(body, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      };
      void fetchEventSource(`${API_BASE}${pathOf(NOTIFICATIONS_ENDPOINTS.notificationStream)}`, {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'text/event-stream',
          ...(lastEventId === null ? {} : { 'last-event-id': lastEventId }),
        },
        signal: own.signal,
        fetch: watchedFetch,
        // A stream that stays open is not part of loading the page: at high priority (a fetch's
        // default) the browser, and Lighthouse, count the page as still loading.
        priority: 'low',
        // A background tab keeps its stream: the badge is right when the person comes back.
        openWhenHidden: true,
        async onopen(response) {
          const type = response.headers.get('content-type') ?? '';
          if (response.ok && type.startsWith('text/event-stream')) {
            failures = 0;
            // Reopened after a gap: anything the list missed while away is fetched again.
            if (hasOpened) {
              void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY });
              // Message events are not replayed: the messages screen refetches (ADR 020).
              emitLiveEvent('reopened', undefined);
            }
            hasOpened = true;
            return;
          }
          if (response.status === 401 || response.status === 403) {
            // The server closes a revoked session's stream at once; the retry's refusal signs
            // this tab out now (signed out on another device, deactivated), not at its next
            // click. (Unless another person has signed in here since: their session is not the
            // one refused.)
            const code = await errorCode(response);
            if (getStoredToken() === token) reportAuthProblem({ status: response.status, code });
            throw new StreamRefused();
          }
          throw new Error(`stream answered ${response.status}`);
        },
        onmessage(message) {
          // fetch-event-source resends it on its own retries; a reopen from here sends it too.
          if (message.id) lastEventId = message.id;
          if (message.event === 'notification') {
            addNotification(queryClient, JSON.parse(message.data) as Notification);
          } else if (message.event === 'unread-count') {
            setUnreadCount(queryClient, (JSON.parse(message.data) as { count: number }).count);
            // A change elsewhere: read in another tab, or taken back by the firm (a note made
            // internal again, ADR 014). An open bell lists what is there now.
            void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY });
          } else if (message.event === 'message') {
            emitLiveEvent('message', JSON.parse(message.data) as LiveMessageEvent);
          }
        },
        onclose() {
          // The server ended it (a restart or a shutdown): try again, with the last event id.
          throw new Error('stream closed');
        },
        onerror(error) {
          // Nothing to watch while waiting to retry; the retry's fetch arms it again.
          stopWatchdog();
          if (error instanceof StreamRefused) {
            isStopped = true;
            throw error;
          }
          failures += 1;
          return retryDelay(failures);
        },
      }).catch(() => {
        // Refused (signed out): onopen has told the session store.
      });
    };

    // Back online: the old connection is most likely dead, and a retry may be waiting up to 30 s.
    const onOnline = () => open();
    window.addEventListener('online', onOnline);
    // Once the page has loaded (the browser is idle, or a second at most): the screen's own
    // requests and rendering go first; the count arrives with the stream's first event.
    const idle = typeof requestIdleCallback === 'function';
    const start = idle
      ? requestIdleCallback(open, { timeout: STREAM_START_WITHIN_MS })
      : window.setTimeout(open, 0);
    return () => {
      if (idle) cancelIdleCallback(start);
      else window.clearTimeout(start);
      isStopped = true;
      window.removeEventListener('online', onOnline);
      stopWatchdog();
      connection?.abort();
    };
  }, [enabled, queryClient]);
}
